/** A person's card without a DOM: what the card shows after it is opened, against a recording Core. */
import { describe, expect, test } from 'vitest';
import type { PersonCard } from '../../../../../src/contract/schemas/people.ts';
import { CardModel } from '../../../../../src/renderer/views/people/card-model.svelte.ts';
import { RecordingPort } from '../../support/recording-port.ts';

function card(userId: number, name: string): PersonCard {
  return {
    userId,
    name,
    email: null,
    avatarUrl: null,
    role: 400,
    isBot: false,
    isActive: true,
    timezone: '',
    presence: 'active',
    status: null,
    fields: [],
    twentyFourHour: null,
    viewerIsAdmin: false,
    isMe: false,
  } as PersonCard;
}

describe('the person card', () => {
  test("opening it shows the person's card", async () => {
    const core = new RecordingPort().answer('people.card', ({ userId }) =>
      card(Number(userId), 'Ada Lovelace'),
    );
    const model = new CardModel(core, 'acct');
    expect(await model.load(5)).toBe(true);
    expect(model.card?.name).toBe('Ada Lovelace');
    expect(model.error).toBeUndefined();
    expect(core.callsTo('people.card')).toEqual([{ accountId: 'acct', userId: 5 }]);
  });

  test("a refused card says why, in the server's words", async () => {
    const core = new RecordingPort().refuse('people.card', 'No such user');
    const model = new CardModel(core, 'acct');
    expect(await model.load(5)).toBe(false);
    expect(model.card).toBeUndefined();
    expect(model.error).toBe('No such user');
  });

  test('only the card opened last shows', async () => {
    const core = new RecordingPort().answer('people.card', ({ userId }) =>
      card(Number(userId), userId === 5 ? 'Ada' : 'Grace'),
    );
    const model = new CardModel(core, 'acct');
    const first = model.load(5);
    const second = model.load(6);
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(model.card?.name).toBe('Grace');
  });

  test('a card closed before its answer stays closed', async () => {
    const core = new RecordingPort().answer('people.card', card(5, 'Ada'));
    const model = new CardModel(core, 'acct');
    const loading = model.load(5);
    model.close();
    expect(await loading).toBe(false);
    expect(model.card).toBeUndefined();
  });
});
