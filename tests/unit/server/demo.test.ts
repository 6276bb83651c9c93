import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/clock.ts';
import { populateDemo, startLive } from '../../../src/server/demo/index.ts';
import { WELCOME_DM } from '../../../src/server/demo/live.ts';
import { messaging } from '../../../src/server/messages/service.ts';
import { createState } from '../../../src/server/state/realm.ts';
import { testContext } from './messaging-fixture.ts';

function demo(sizes: Parameters<typeof populateDemo>[1]) {
  const clock = new ManualClock();
  const state = createState({
    featureLevel: 496,
    jwtKey: 'k',
    now: clock.now() / 1000,
    isDemo: true,
  });
  const ctx = testContext(state, clock);
  populateDemo(ctx, sizes);
  return { ctx, state, clock, m: messaging(ctx) };
}

describe('demo organization', () => {
  it('is the same for the same seed and differs for another, except its secrets', () => {
    const a = demo({ seed: 5, messages: 300 });
    const b = demo({ seed: 5, messages: 300 });
    const c = demo({ seed: 6, messages: 300 });
    const secrets = (d: ReturnType<typeof demo>) =>
      [...d.state.users.values()].flatMap((u) => [u.api_key, u.password, u.webhook?.token]);
    // Drawn afresh each time: nobody can sign in to someone's demo from knowing the seed.
    const mine = secrets(a).filter((s) => s);
    expect(new Set(mine).size).toBe(mine.length);
    expect(secrets(b).filter((s) => mine.includes(s))).toEqual([]);
    const snapshot = (d: ReturnType<typeof demo>) => ({
      people: [...d.state.users.values()].map((u) => [u.email, u.role]),
      messages: d.m.store
        .all()
        .map((m) => [m.sender_id, m.stream_id, m.topic, m.content, m.reactions.length]),
    });
    expect(snapshot(a)).toEqual(snapshot(b));
    expect(snapshot(c)).not.toEqual(snapshot(a));
  });

  it('has every role, every bot type, and the requested sizes', () => {
    const { state, m } = demo({ users: 12, channels: 6, messages: 500 });
    const humans = [...state.users.values()].filter((u) => !u.is_bot);
    expect(humans).toHaveLength(12);
    expect(new Set(humans.map((u) => u.role))).toEqual(new Set([100, 200, 300, 400, 600]));
    expect(
      new Set([...state.users.values()].map((u) => u.bot_type).filter((t) => t !== null)),
    ).toEqual(new Set([1, 2, 3, 4]));
    expect(state.channels.size).toBe(6);
    expect(m.store.maxId).toBe(500);
  });

  it('has public and private channels in folders, muted subscriptions and topic policies', () => {
    const { state } = demo({ messages: 100 });
    const channels = [...state.channels.values()];
    expect(channels.some((c) => c.invite_only)).toBe(true);
    expect(channels.some((c) => !c.invite_only && c.folder_id !== null)).toBe(true);
    expect([...state.subscriptions.values()].some((s) => s.is_muted)).toBe(true);
    expect(new Set([...state.userTopics.values()].map((t) => t.visibility_policy))).toEqual(
      new Set([1, 2, 3]),
    );
  });

  it('has profile fields of every type, nested groups, linkifiers, snippets and alert words', () => {
    const { state } = demo({ messages: 100 });
    expect([...state.profileFields.values()].map((f) => f.field_type).sort()).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    expect(
      [...state.userGroups.values()].some((g) => !g.is_system_group && g.subgroups.size > 0),
    ).toBe(true);
    expect(state.linkifiers.size).toBeGreaterThan(0);
    expect(state.savedSnippets.size).toBeGreaterThan(0);
    expect([...state.users.values()].some((u) => u.alert_words.length > 0)).toBe(true);
  });

  it('has DMs, group DMs, mentions, wildcards, reactions, edits, moves and unread messages', () => {
    const { state, m } = demo({ messages: 3000 });
    const all = m.store.all();
    expect(all.some((x) => x.dm_user_ids?.length === 2)).toBe(true);
    expect(all.some((x) => (x.dm_user_ids?.length ?? 0) >= 3)).toBe(true);
    expect(all.some((x) => x.mentions.userIds.size > 0)).toBe(true);
    expect(all.some((x) => x.mentions.groupIds.size > 0)).toBe(true);
    expect(all.some((x) => x.mentions.streamWildcard)).toBe(true);
    expect(all.some((x) => x.reactions.length > 0)).toBe(true);
    expect(all.some((x) => x.edit_history.some((e) => e.prev_content !== undefined))).toBe(true);
    expect(all.some((x) => x.edit_history.some((e) => e.prev_topic !== undefined))).toBe(true);
    const owner = [...state.users.values()].find((u) => u.role === 100);
    const history = m.store.history(owner?.user_id ?? 0);
    let unread = 0;
    for (let i = 0; i < history.length; i++) if ((history.flagsAt(i) & 1) === 0) unread++;
    expect(unread).toBeGreaterThan(0);
    expect(unread).toBeLessThan(history.length / 5);
  });

  it('opens live mode with a welcome DM to the owner a few seconds after start', async () => {
    const { ctx, clock, m } = demo({ messages: 0 });
    const stop = startLive(ctx, { intervalSeconds: 4 });
    await clock.advance(2_000);
    expect(m.store.maxId).toBe(0);
    await clock.advance(1_000);
    const owner = [...ctx.state.users.values()].find((u) => u.role === 100);
    const [first] = m.store.all();
    expect(first).toMatchObject({ type: 'private', content: WELCOME_DM });
    expect(first?.sender_id).not.toBe(owner?.user_id);
    expect(first?.dm_user_ids).toEqual([owner!.user_id, first!.sender_id].sort((a, b) => a - b));
    stop();
  });

  it('posts new messages from other users in live mode until stopped', async () => {
    const { ctx, clock, m } = demo({ messages: 0 });
    const stop = startLive(ctx, { intervalSeconds: 4 });
    await clock.advance(20_000);
    expect(m.store.maxId).toBe(5);
    const owner = [...ctx.state.users.values()].find((u) => u.role === 100);
    expect(m.store.all().every((x) => x.sender_id !== owner?.user_id)).toBe(true);
    stop();
    await clock.advance(20_000);
    expect(m.store.maxId).toBe(5);
  });
});
