/**
 * The outbox (docs/architecture.md "Writes") through the Core, the reference server and a fault
 * proxy between them (real HTTP on loopback): a send whose answer is cut is confirmed by its
 * own echoed event, not sent again; a send kept across a restart is looked up before it goes
 * again.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core/core.ts';
import { FIRST_CHECK_MS } from '../../../src/core/compose/outbox.ts';
import type { OutboxEntry } from '../../../src/contract/schemas/outbox.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import {
  exactly,
  matches,
  startFaultProxy,
  type FaultProxy,
} from '../../e2e/support/fault-proxy.ts';
import { byEmail, ok } from '../server/messaging-client.ts';
// The outbox is kept on disk only where a keychain keeps its key (a restart needs it).
import { TestKeychain } from '../../fixtures/test-keychain.ts';

type Change = { accountId: string; entries: OutboxEntry[]; confirmed: { localId: string }[] };

describe('the outbox against the reference server through network faults', () => {
  let server: StartedServer;
  let proxy: FaultProxy;
  let dataDir: string;
  let secrets: TestKeychain;
  let clock: ManualClock;
  let owner: ServerUser;
  let accountId: string;
  const open: Core[] = [];
  const changes: Change[] = [];

  async function start(): Promise<Core> {
    const core = await createCore({ dataDir, version: 't', transport: 'web', secrets, clock });
    core.subscribe((topic, payload) => {
      if (topic === 'outbox.changed') changes.push(payload as Change);
    });
    open.push(core);
    return core;
  }
  async function call<R>(core: Core, channel: string, args: unknown): Promise<R> {
    const response = await core.invoke(channel, args);
    if (!response.ok) throw new Error(response.error.message);
    return response.result as R;
  }
  const outbox = (core: Core) => call<OutboxEntry[]>(core, 'outbox.list', { accountId });
  const states = async (core: Core) => (await outbox(core)).map((e) => e.state);
  /** A note to self through the outbox; resolves once the outbox has it. */
  const send = (core: Core, content: string, draftKey?: string) =>
    call<{ localId: string }>(core, 'outbox.send', {
      accountId,
      to: { type: 'direct', userIds: [owner.user_id] },
      content,
      ...(draftKey ? { draftKey } : {}),
    });
  /** Every `POST /messages` (the send itself, not /messages/flags) gets `kind`. */
  const onSend = (kind: 'cut' | 'hold') =>
    proxy.add((req) => (exactly('POST', '/api/v1/messages')(req) ? { kind } : undefined));
  const confirmed = (localId: string) =>
    changes.some((c) => c.confirmed.some((x) => x.localId === localId));
  const everFailed = (localId: string) =>
    changes.some((c) => c.entries.some((e) => e.localId === localId && e.state === 'failed'));
  /** The user's copies of `content` on the server, read past the proxy. */
  async function copies(content: string): Promise<number> {
    const r = await ok(server, owner, 'GET', '/messages', {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: [{ operator: 'sender', operand: owner.user_id }],
      apply_markdown: false,
    });
    return (r.messages as { content: string }[]).filter((m) => m.content === content).length;
  }
  async function queueReady(core: Core): Promise<void> {
    await expect
      .poll(async () => {
        const all = await call<{ health: { state: string; queueId?: string } }[]>(
          core,
          'sync.status',
          {},
        );
        return all[0]?.health.state === 'polling' && all[0].health.queueId !== undefined;
      })
      .toBe(true);
  }

  beforeEach(async () => {
    server = await startServer({ rateLimit: false });
    proxy = await startFaultProxy(server.url);
    dataDir = await mkdtemp(join(tmpdir(), 'perch-outbox-'));
    secrets = new TestKeychain();
    clock = new ManualClock(Date.now());
    owner = byEmail(server, 'owner');
    changes.length = 0;
    ({ id: accountId } = await call<{ id: string }>(await start(), 'accounts.signInWithKey', {
      serverUrl: proxy.url,
      email: owner.email,
      apiKey: owner.api_key,
      allowInsecure: true,
    }));
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    await proxy.close();
    await server.close();
  });

  it('confirms a send whose answer was cut by its own event: one copy, never "not sent"', async () => {
    const core = open[0]!;
    await queueReady(core);
    onSend('cut');
    // No look-up can confirm it: only the echoed event can.
    proxy.add((req) => (matches('GET', '/api/v1/messages')(req) ? { kind: 'refuse' } : undefined));
    await call(core, 'drafts.save', {
      accountId,
      draft: { key: 'dm:me', content: 'answer cut', topic: '' },
    });
    const { localId } = await send(core, 'answer cut', 'dm:me');
    // The draft went to the outbox in the same write.
    expect(await call(core, 'drafts.list', { accountId })).toEqual([]);
    await expect.poll(() => confirmed(localId)).toBe(true);
    expect(everFailed(localId)).toBe(false);
    expect(await outbox(core)).toEqual([]);
    expect(await copies('answer cut')).toBe(1);
  });

  it('after a restart, looks a kept send up first: one that arrived is not sent again', async () => {
    let core = open[0]!;
    await queueReady(core);
    // The answer is cut, and neither the event nor a look-up can get through before the host dies.
    const rules = [
      onSend('cut'),
      proxy.add((req) =>
        matches('GET', '/api/v1/messages')(req) ? { kind: 'refuse' } : undefined,
      ),
      proxy.add((req) => (matches('GET', '/api/v1/events')(req) ? { kind: 'refuse' } : undefined)),
    ];
    proxy.outage().end(); // the open long-poll goes too
    await send(core, 'arrived while Perch was down');
    await expect.poll(() => states(core)).toEqual(['unconfirmed']);
    open.splice(0);
    await core.close();
    for (const remove of rules) remove();
    expect(await copies('arrived while Perch was down')).toBe(1);
    core = await start();
    await expect.poll(() => outbox(core)).toEqual([]);
    expect(await copies('arrived while Perch was down')).toBe(1);
  });

  it('after a restart, sends a kept send that never reached the server, once', async () => {
    let core = open[0]!;
    await queueReady(core);
    const stopHold = onSend('hold');
    await send(core, 'lost with the host');
    await expect.poll(() => proxy.held().length).toBe(1);
    proxy.drop(); // the link breaks with the request unsent; the host dies before it looks
    await expect.poll(() => states(core)).toEqual(['unconfirmed']);
    open.splice(0);
    await core.close();
    stopHold();
    core = await start();
    await expect.poll(() => outbox(core)).toEqual([]);
    expect(await copies('lost with the host')).toBe(1);
  });

  it('says "not sent" only after a look-up shows the request never arrived; Try again sends it once', async () => {
    const core = open[0]!;
    await queueReady(core);
    onSend('hold');
    const { localId } = await send(core, 'dropped on the way');
    await expect.poll(() => proxy.held().length).toBe(1);
    proxy.drop(); // the connection breaks before the server has it
    await expect.poll(() => states(core)).toEqual(['unconfirmed']);
    expect(everFailed(localId)).toBe(false);
    await clock.advance(FIRST_CHECK_MS);
    await expect.poll(() => states(core)).toEqual(['failed']);
    proxy.add(() => ({ kind: 'pass' }));
    await call(core, 'outbox.retry', { accountId, localId });
    await expect.poll(() => outbox(core)).toEqual([]);
    expect(await copies('dropped on the way')).toBe(1);
  });
});
