/**
 * Scheduled messages through the Core over real HTTP: created from compose's target, listed
 * soonest first with their conversations named, edited, sent now (it arrives and leaves the
 * list), cancelled; each change is pushed as `scheduled.changed`.
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../src/contract/contract.ts';
import { ok } from '../../server/messaging-client.ts';
import { useCoreAndServer } from '../../support/core-server.ts';

type Listed = Result<'scheduled.list'>;

describe('scheduled messages through the Core', () => {
  const t = useCoreAndServer({ server: { rateLimit: false } });
  const member = () => t.server.users.find((u) => u.email.startsWith('member@'))!;
  const general = () => t.server.state.channelByName('general')!.stream_id;
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

  it('schedules, lists, edits, sends now and cancels, and says when the list changed', async () => {
    const accountId = await t.signIn(member(), { listening: true });
    const owner = t.server.users.find((u) => u.email.startsWith('owner@'))!;
    const at = inAnHour();
    const first = await t.call<{ id: number }>('scheduled.create', {
      accountId,
      to: { type: 'stream', streamId: general(), topic: 'plans' },
      content: 'Standup moved',
      at,
    });
    const second = await t.call<{ id: number }>('scheduled.create', {
      accountId,
      to: { type: 'direct', userIds: [owner.user_id] },
      content: 'Lunch?',
      at: at + 60,
    });
    expect(await t.call<Listed>('scheduled.list', { accountId })).toEqual([
      {
        id: first.id,
        to: { type: 'stream', streamId: general(), topic: 'plans' },
        where: '#general > plans',
        content: 'Standup moved',
        at,
        failed: false,
      },
      expect.objectContaining({ id: second.id, where: owner.full_name, content: 'Lunch?' }),
    ]);
    await expect
      .poll(() => t.pushed.filter((p) => p.topic === 'scheduled.changed').length)
      .toBeGreaterThanOrEqual(2);

    await t.call('scheduled.update', { accountId, id: first.id, content: 'Standup moved to 10' });
    expect((await t.call<Listed>('scheduled.list', { accountId }))[0]?.content).toBe(
      'Standup moved to 10',
    );

    await t.call('scheduled.sendNow', { accountId, id: first.id });
    // Handed to the outbox once off the schedule: it arrives as its send completes.
    const newest = async () =>
      (
        (
          await ok(t.server, member(), 'GET', '/messages', {
            anchor: 'newest',
            num_before: 1,
            num_after: 0,
            apply_markdown: false,
          })
        ).messages as { content: string; subject: string }[]
      )[0];
    await expect.poll(newest).toMatchObject({ content: 'Standup moved to 10', subject: 'plans' });
    expect((await t.call<Listed>('scheduled.list', { accountId })).map((s) => s.id)).toEqual([
      second.id,
    ]);

    await t.call('scheduled.cancel', { accountId, id: second.id });
    expect(await t.call<Listed>('scheduled.list', { accountId })).toEqual([]);
  });

  it('passes on the server refusing a time gone by', async () => {
    const accountId = await t.signIn(member());
    const refused = await t.core.invoke('scheduled.create', {
      accountId,
      to: { type: 'stream', streamId: general(), topic: 'plans' },
      content: 'Too late',
      at: Math.floor(Date.now() / 1000) - 60,
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toContain('must be in the future');
  });
});
