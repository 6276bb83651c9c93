/**
 * The message store through the Core over real HTTP, with a forwarding proxy counting what
 * reaches the reference server: a narrow already seen is shown again without any GET
 * /messages, a second person's edit, move, deletion, reaction and the user's own star on
 * another client all show in the next window served, and a new queue registration or a
 * sign-out lets the kept messages go.
 */
import { describe, expect, it } from 'vitest';
import type { MessagesPage, NarrowTermWire } from '../../../../src/contract/schemas/messages.ts';
import { byEmail, call as serverCall, ok, send } from '../../server/messaging-client.ts';
import { useCoreThroughGate } from '../../support/core-through-gate.ts';

const t = useCoreThroughGate();
const { call, signIn, pushed } = t;

const fetches = () => t.gate.seen.filter((s) => s === 'GET /api/v1/messages').length;

function open(accountId: string, narrow: NarrowTermWire[]): Promise<MessagesPage> {
  return call<MessagesPage>('messages.fetch', {
    accountId,
    narrow,
    anchor: 'newest',
    numBefore: 100,
    numAfter: 0,
  });
}

/** Waits until the account's store has applied n message events (they are pushed after). */
async function eventsPushed(n: number): Promise<void> {
  await expect
    .poll(() =>
      pushed
        .filter((p) => p.topic === 'messages.events')
        .reduce((sum, p) => sum + (p.payload as { events: unknown[] }).events.length, 0),
    )
    .toBeGreaterThanOrEqual(n);
}

const GENERAL: NarrowTermWire[] = [{ operator: 'channel', operand: 'general' }];
const TOPIC: NarrowTermWire[] = [...GENERAL, { operator: 'topic', operand: 'plans' }];

describe('the Core message store', () => {
  it('shows a narrow already seen again without asking the t.server', async () => {
    const member = byEmail(t.server, 'member');
    const other = byEmail(t.server, 'member2');
    for (let i = 0; i < 5; i++) await send(t.server, other, 'general', `plan ${i}`, 'plans');
    await send(t.server, other, 'general', 'lunch?', 'food');
    const id = await signIn(member);

    const first = await open(id, TOPIC);
    const before = fetches();
    await open(id, GENERAL);
    expect(fetches()).toBe(before + 1);
    const again = await open(id, TOPIC);
    expect(fetches()).toBe(before + 1);
    expect(again).toEqual(first);
    expect(again.messages.map((m) => m.content)).toContain('<p>plan 4</p>');
    // Sidebar clicks open at the first unread: with none left it is the newest end, kept too.
    await serverCall(t.server, member, 'POST', '/messages/flags', {
      messages: first.messages.map((m) => m.id),
      op: 'add',
      flag: 'read',
    });
    await eventsPushed(1);
    const unreadAnchor = await call<MessagesPage>('messages.fetch', {
      accountId: id,
      narrow: TOPIC,
      anchor: 'first_unread',
      numBefore: 100,
      numAfter: 100,
    });
    expect(fetches()).toBe(before + 1);
    expect(unreadAnchor.messages.every((m) => m.flags.includes('read'))).toBe(true);
  });

  it("shows a second person's changes in the next window it serves, still without a fetch", async () => {
    const member = byEmail(t.server, 'member');
    const other = byEmail(t.server, 'member2');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(await send(t.server, other, 'general', `plan ${i}`, 'plans'));
    const id = await signIn(member);
    await open(id, TOPIC);
    await open(id, GENERAL);
    const before = fetches();
    const [a, b, c, d] = ids as [number, number, number, number];

    await serverCall(t.server, other, 'PATCH', `/messages/${a}`, { content: 'plan zero, revised' });
    await serverCall(t.server, other, 'PATCH', `/messages/${b}`, {
      topic: 'moved',
      propagate_mode: 'change_one',
    });
    await serverCall(t.server, other, 'DELETE', `/messages/${c}`);
    await serverCall(t.server, other, 'POST', `/messages/${d}/reactions`, { emoji_name: 'tada' });
    // The user's own star from another device comes back as an event too.
    await serverCall(t.server, member, 'POST', '/messages/flags', {
      messages: [d],
      op: 'add',
      flag: 'starred',
    });
    const last = await send(t.server, other, 'general', 'and one more', 'plans');
    await expect
      .poll(() =>
        pushed.some((p) =>
          (p.payload as { events?: { type: string; message?: { id: number } }[] }).events?.some(
            (e) => e.type === 'message' && e.message?.id === last,
          ),
        ),
      )
      .toBe(true);

    const topic = await open(id, TOPIC);
    const channel = await open(id, GENERAL);
    expect(fetches()).toBe(before);
    expect(topic.messages.map((m) => m.content)).toEqual([
      '<p>plan zero, revised</p>',
      '<p>plan 3</p>',
      '<p>and one more</p>',
    ]);
    const starred = topic.messages[1];
    expect(starred?.flags).toContain('starred');
    expect(starred?.reactions.map((r) => r.emoji_name)).toEqual(['tada']);
    expect(channel.messages.find((m) => m.id === b)?.subject).toBe('moved');
    expect(channel.messages.some((m) => m.id === c)).toBe(false);

    // And it is what the t.server says now.
    const direct = await ok(t.server, member, 'GET', '/messages', {
      narrow: TOPIC,
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
    });
    const served = (direct.messages as { content: string }[]).map((m) => m.content);
    expect(served).toEqual(topic.messages.map((m) => m.content));
  });

  it('says its message events carry the message as a fetch returns it, and they do', async () => {
    const member = byEmail(t.server, 'member');
    const other = byEmail(t.server, 'member2');
    const id = await signIn(member);
    await open(id, GENERAL);
    const sent = await send(t.server, other, 'general', 'as **fetched**, @**Mel Member**', 'plans');
    type Pushed = {
      asFetched?: boolean;
      events: { type: string; message?: { id: number }; flags?: string[] }[];
    };
    const carrying = () =>
      pushed
        .filter((p) => p.topic === 'messages.events')
        .map((p) => p.payload as Pushed)
        .find((p) => p.events.some((e) => e.type === 'message' && e.message?.id === sent));
    await expect.poll(carrying).toBeDefined();
    const push = carrying()!;
    expect(push.asFetched).toBe(true);
    const event = push.events.find((e) => e.message?.id === sent)!;
    // The renderer shows the event's message in place of a fetch: it must be the same.
    const direct = await ok(t.server, member, 'GET', '/messages', {
      anchor: sent,
      num_before: 0,
      num_after: 0,
      apply_markdown: true,
    });
    expect({ ...event.message, flags: event.flags }).toEqual(
      (direct.messages as { id: number }[])[0],
    );
  });

  // A view's read mark comes back as an event while the next narrow is fetched: the page may
  // hold the messages as before the mark (the server answered first) or after it.
  it.each([
    ['answered before the event', 'beforeAnswer'],
    ['answered after the event', 'beforeForward'],
  ] as const)(
    'keeps a narrow whose fetch an event crossed, as the server holds it (%s)',
    async (_, moment) => {
      const member = byEmail(t.server, 'member');
      const other = byEmail(t.server, 'member2');
      for (let i = 0; i < 3; i++) await send(t.server, other, 'general', `plan ${i}`, 'plans');
      const id = await signIn(member);
      const all = await open(id, GENERAL);
      let marked = false;
      t.gate[moment] = async (seen) => {
        if (marked || seen !== 'GET /api/v1/messages') return;
        marked = true;
        await serverCall(t.server, member, 'POST', '/messages/flags', {
          messages: all.messages.map((m) => m.id),
          op: 'add',
          flag: 'read',
        });
        await eventsPushed(1);
      };
      await open(id, TOPIC);
      expect(marked).toBe(true);
      t.gate[moment] = undefined;

      const before = fetches();
      const again = await open(id, TOPIC);
      expect(fetches()).toBe(before);
      expect(again.messages.map((m) => m.content)).toEqual(
        [0, 1, 2].map((i) => `<p>plan ${i}</p>`),
      );
      expect(again.messages.every((m) => m.flags.includes('read'))).toBe(true);
    },
  );

  it('lets the kept messages go when the queue registers again or the user signs out', async () => {
    const member = byEmail(t.server, 'member');
    const other = byEmail(t.server, 'member2');
    const hello = await send(t.server, other, 'general', 'hello', 'plans');
    const id = await signIn(member);
    expect((await open(id, TOPIC)).messages.map((m) => m.content)).toEqual(['<p>hello</p>']);
    // The t.server forgets every queue; the edit's event is lost with it.
    t.server.queues.close();
    await serverCall(t.server, other, 'PATCH', `/messages/${hello}`, { content: 'hello again' });
    await expect
      .poll(() => t.gate.seen.filter((s) => s === 'POST /api/v1/register').length)
      .toBeGreaterThanOrEqual(2);
    expect((await open(id, TOPIC)).messages.map((m) => m.content)).toEqual(['<p>hello again</p>']);

    await call('accounts.signOut', { accountId: id });
    const again = await signIn(member);
    const count = fetches();
    await open(again, TOPIC);
    expect(fetches()).toBe(count + 1);
  });
});
