/**
 * Browser mode with several accounts: a page showing one account's messages is sent that
 * account's incoming messages and not the others' (src/contract/window-interest.ts), and
 * the moment it says it shows another account, that one's.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startWebHost, type WebHost } from '../../../src/web/host.ts';
import { byEmail, send } from '../server/messaging-client.ts';
import { useCoreAndServer } from '../support/core-server.ts';

interface Heard {
  accountId: string;
  ids: number[];
}

/** The message ids in one `messages.events` payload. */
function messageIds(payload: unknown): number[] {
  const { events } = payload as { events: { type: string; message?: { id: number } }[] };
  return events.flatMap((e) => (e.type === 'message' && e.message ? [e.message.id] : []));
}

describe('a page following one account', () => {
  const t = useCoreAndServer({ server: { rateLimit: false } });
  let dir: string;
  let host: WebHost;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'perch-accounts-'));
    const staticDir = join(dir, 'renderer');
    await mkdir(staticDir);
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Perch</title>');
    host = await startWebHost({ core: t.core, staticDir });
  });
  afterEach(async () => {
    await host.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** What the Core itself pushed: every account's messages, whoever shows them. */
  const corePushed = (id: number) =>
    t.pushed.some((p) => p.topic === 'messages.events' && messageIds(p.payload).includes(id));

  it("receives that account's messages, not another's, and the other's once it switches", async () => {
    const [member, owner, admin] = ['member', 'owner', 'admin'].map((u) => byEmail(t.server, u));
    const a = await t.signIn(member!, { listening: true });
    const b = await t.signIn(owner!, { listening: true });

    const page = new WebSocket(`ws${host.origin.slice(4)}/rpc?token=${host.token}`, {
      origin: host.origin,
    });
    const heard: Heard[] = [];
    let nextId = 0;
    const answered = new Set<number>();
    page.on('message', (data) => {
      const frames = [JSON.parse(data.toString())].flat() as {
        t: string;
        id?: number;
        topic?: string;
        payload?: { accountId: string };
      }[];
      for (const f of frames) {
        if (f.t === 'result' && f.id !== undefined) answered.add(f.id);
        if (f.topic === 'messages.events')
          heard.push({ accountId: f.payload!.accountId, ids: messageIds(f.payload) });
      }
    });
    await new Promise((ok) => page.once('open', ok));
    const listen = (account: string) =>
      page.send(
        JSON.stringify({
          t: 'listen',
          topics: ['messages.events'],
          accounts: { 'messages.events': [account] },
        }),
      );
    /** A call answered: what the host sent this page before it has arrived. */
    const roundTrip = async () => {
      const id = ++nextId;
      page.send(JSON.stringify({ t: 'invoke', id, channel: 'app.info', args: {} }));
      await expect.poll(() => answered.has(id)).toBe(true);
    };
    const heardId = (id: number) => heard.some((h) => h.ids.includes(id));

    /**
     * The page listens to `shown`; one message reaches each account. The page hears the shown
     * one's, and not the other's, though the Core pushed it (checked after a round trip, so
     * anything the host had sent the page has arrived).
     */
    const hearsOnly = async (
      shown: string,
      to: { user: typeof member; content: string },
      notTo: { user: typeof member; content: string },
    ) => {
      listen(shown);
      await roundTrip();
      const notToId = await send(t.server, admin!, [notTo.user!.user_id], notTo.content);
      const toId = await send(t.server, admin!, [to.user!.user_id], to.content);
      await expect.poll(() => heardId(toId)).toBe(true);
      await expect.poll(() => corePushed(notToId)).toBe(true);
      await roundTrip();
      expect(heardId(notToId)).toBe(false);
    };

    await hearsOnly(
      a,
      { user: member, content: 'For the member' },
      { user: owner, content: 'For the owner' },
    );
    expect(heard.every((h) => h.accountId === a)).toBe(true);

    // The page switches to the owner's account: from now on it hears that one's.
    await hearsOnly(
      b,
      { user: owner, content: 'Owner again' },
      { user: member, content: 'Member again' },
    );
    page.close();
  });
});
