import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ReactionAlreadyExistsError,
  ReactionDoesNotExistError,
} from '../../../src/api/errors.ts';
import { getMessages } from '../../../src/api/routes/messages.ts';
import { addReaction, removeReaction } from '../../../src/api/routes/reactions.ts';
import { ROLE, failure, postToGeneral, useServer } from './harness.ts';

const smile = { emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'unicode_emoji' } as const;

describe('reactions', () => {
  const h = useServer();

  async function freshMessage(): Promise<number> {
    return postToGeneral(h.as(ROLE.member), 'reactions', 'react to me');
  }

  it('adds a reaction that then shows on the message, and removes it', async () => {
    const client = h.as(ROLE.admin);
    const id = await freshMessage();
    await addReaction(client, id, smile);
    const after = await getMessages(client, { message_ids: [id] });
    expect(after.data.messages[0]?.reactions).toEqual([
      expect.objectContaining({
        emoji_name: 'smile',
        emoji_code: '1f604',
        reaction_type: 'unicode_emoji',
      }),
    ]);
    await removeReaction(client, id, smile);
    const removed = await getMessages(client, { message_ids: [id] });
    expect(removed.data.messages[0]?.reactions).toEqual([]);
  });

  it('gives REACTION_DOES_NOT_EXIST for a reaction that is not there', async () => {
    const error = await failure(removeReaction(h.as(ROLE.admin), await freshMessage(), smile));
    expect(error).toBeInstanceOf(ReactionDoesNotExistError);
    expect((error as ReactionDoesNotExistError).legacyCode).toBeUndefined();
  });

  it('gives REACTION_ALREADY_EXISTS for a second identical reaction', async () => {
    const client = h.as(ROLE.admin);
    const id = await freshMessage();
    await addReaction(client, id, smile);
    expect(await failure(addReaction(client, id, smile))).toBeInstanceOf(
      ReactionAlreadyExistsError,
    );
  });

  it('gives BAD_REQUEST for an invalid emoji code', async () => {
    const error = await failure(
      removeReaction(h.as(ROLE.admin), await freshMessage(), {
        emoji_name: 'nope',
        emoji_code: 'zzzz-not-hex',
        reaction_type: 'unicode_emoji',
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
  });
});
