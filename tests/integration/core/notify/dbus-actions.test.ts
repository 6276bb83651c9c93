/**
 * A notification's actions (docs/notifications.md "Actions") from a Core signed in to the
 * reference server over real HTTP, through `Core.act`, the path Electron's notifications take.
 */
import { describe, expect, it } from 'vitest';
import type { Preferences } from '../../../../src/contract/contract.ts';
import { isDmMuted } from '../../../../src/contract/muted-dms.ts';
import { byEmail, ok } from '../../server/messaging-client.ts';
import { useCoreAndServer } from '../../support/core-server.ts';

describe('muting notes to self from a notification', () => {
  const t = useCoreAndServer({ server: { rateLimit: false } });

  it('mutes the very conversation its recipient bar shows', async () => {
    const member = byEmail(t.server, 'member');
    const accountId = await t.signIn(member, { listening: true });
    const sent = await ok(t.server, member, 'POST', '/messages', {
      type: 'direct',
      to: JSON.stringify([member.user_id]),
      content: 'Buy milk',
    });
    const messageId = sent.id as number;
    // What a notification of notes to self opens: its narrow names the user.
    await t.core.act({
      kind: 'mute',
      notification: {
        id: `${accountId}|dm:${member.user_id}`,
        accountId,
        title: member.full_name,
        body: 'Buy milk',
        messageIds: [messageId],
        open: { accountId, messageId, narrow: [{ operator: 'dm', operand: [member.user_id] }] },
      },
    });

    const prefs = await t.call<Preferences>('prefs.get');
    // The views list a conversation's people without the reader: none for notes to self.
    expect(isDmMuted(prefs, accountId, [], member.user_id)).toBe(true);
  });
});
