/**
 * Browser mode with no tab open: a notification's click (its default action, sent by a
 * notification server of the test's own on a private bus) opens a tab on the conversation
 * through the platform's launcher. The launcher here is a real small script that writes the
 * URL it was given to a file, run as the host runs any launcher (src/web/launcher.ts).
 */
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openTargetIn } from '../../../src/contract/open-link.ts';
import { startWebHost, type WebHost } from '../../../src/web/host.ts';
import { commandLauncher } from '../../../src/web/launcher.ts';
import { byEmail, send } from '../server/messaging-client.ts';
import { useCoreAndServer } from '../support/core-server.ts';
import {
  BUS_TOOLS,
  missingTools,
  startPrivateBus,
  type PrivateBus,
} from '../../fixtures/notification-bus.ts';
import {
  startOwnNotificationServer,
  type OwnNotificationServer,
} from '../../fixtures/own-notification-server.ts';

const busMissing = missingTools(BUS_TOOLS);

describe.skipIf(busMissing !== undefined)('a notification clicked in browser mode', () => {
  let bus: PrivateBus | undefined;
  let desktop: OwnNotificationServer;
  let dir: string;
  let host: WebHost;
  /** Every URL handed to the launcher, in order. */
  let launched: string[];
  beforeEach(async () => {
    bus = await startPrivateBus();
    desktop = await startOwnNotificationServer(bus.address);
  });
  const t = useCoreAndServer({
    server: { rateLimit: false },
    core: () => ({ notifyInRenderer: true, dbusNotifications: { address: bus!.address } }),
  });
  const recorded = () => join(dir, 'opened.txt');
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'perch-launcher-'));
    const staticDir = join(dir, 'renderer');
    await mkdir(staticDir);
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Perch</title>');
    const script = join(dir, 'launcher.sh');
    await writeFile(
      script,
      `#!/bin/sh\nprintf '%s' "$1" > '${recorded()}.part'\nmv '${recorded()}.part' '${recorded()}'\n`,
    );
    await chmod(script, 0o755);
    const real = commandLauncher(script);
    launched = [];
    host = await startWebHost({
      core: t.core,
      staticDir,
      launcher: (url) => {
        launched.push(url);
        real(url);
      },
    });
  });
  afterEach(async () => {
    await host.close();
  });
  afterEach(async () => {
    desktop.close();
    await bus?.close();
    bus = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  const opened = () => readFile(recorded(), 'utf8').catch(() => undefined);

  it('opens a tab on the host, with its token, at the conversation', async () => {
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    const accountId = await t.signIn(member, { listening: true });
    const messageId = await send(t.server, owner, [member.user_id], 'Got a minute?');
    await expect.poll(() => desktop.find(owner.full_name)).toBeDefined();

    desktop.invoke(desktop.find(owner.full_name)!.id, 'default');
    await expect.poll(opened).toBeDefined();
    const url = new URL((await opened())!);
    expect(url.origin).toBe(host.origin);
    expect(url.searchParams.get('token')).toBe(host.token);
    expect(openTargetIn(url.search)).toEqual({
      accountId,
      messageId,
      narrow: [{ operator: 'dm', operand: [owner.user_id] }],
    });
    // The URL the browser is given is one the host serves.
    expect((await fetch(url)).status).toBe(200);
  });

  it('leaves the opening to a tab that is connected: it is told and narrows there', async () => {
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    await t.signIn(member, { listening: true });
    const tab = new WebSocket(`ws${host.origin.slice(4)}/rpc?token=${host.token}`, {
      origin: host.origin,
    });
    const pushed: string[] = [];
    tab.on('message', (data) => {
      const frames = [JSON.parse(data.toString())].flat() as { topic?: string }[];
      for (const f of frames) if (f.topic) pushed.push(f.topic);
    });
    await new Promise((ok) => tab.once('open', ok));
    tab.send(JSON.stringify({ t: 'listen', topics: ['notifications.open'] }));
    await send(t.server, owner, [member.user_id], 'Still there?');
    await expect.poll(() => desktop.find(owner.full_name)).toBeDefined();

    desktop.invoke(desktop.find(owner.full_name)!.id, 'default');
    await expect.poll(() => pushed).toContain('notifications.open');
    expect(launched).toEqual([]);
    tab.close();
  });
});
