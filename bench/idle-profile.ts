/**
 * Optional CPU profiles of the idle minute of `app-memory`, to find what idle costs: with
 * PERCH_BENCH_PROFILE=<dir>, the page's profile (CDP) and the host's (its inspector, which
 * the host was started with) are written there as `.cpuprofile` files, which Chromium's
 * DevTools open. Profiling costs CPU itself, so a profiled run's idle figures are not kept.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CDPSession } from '@playwright/test';
import WebSocket from 'ws';

export const PROFILE_DIR = process.env.PERCH_BENCH_PROFILE;
export const HOST_INSPECT_PORT = 9339;

/** The host's inspector, as a minimal CDP client. */
async function inspector(): Promise<{
  send: (method: string, params?: object) => Promise<unknown>;
  close: () => void;
}> {
  const [target] = (await (
    await fetch(`http://127.0.0.1:${HOST_INSPECT_PORT}/json/list`)
  ).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const ws = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((ok) => ws.once('open', ok));
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  ws.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString()) as { id?: number; result?: unknown };
    if (m.id !== undefined) waiting.get(m.id)?.(m.result);
  });
  return {
    send: (method, params) =>
      new Promise((ok) => {
        const id = ++next;
        waiting.set(id, ok);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

/** Starts both profiles; the returned function stops them and writes the files. */
export async function startIdleProfiles(page: CDPSession): Promise<() => Promise<void>> {
  if (!PROFILE_DIR) return async () => undefined;
  const host = await inspector();
  for (const target of [page, host]) {
    await target.send('Profiler.enable');
    await target.send('Profiler.setSamplingInterval', { interval: 500 });
    await target.send('Profiler.start');
  }
  return async () => {
    const pageProfile = (await page.send('Profiler.stop')).profile;
    const hostProfile = ((await host.send('Profiler.stop')) as { profile: unknown }).profile;
    host.close();
    await writeFile(join(PROFILE_DIR, 'page.cpuprofile'), JSON.stringify(pageProfile));
    await writeFile(join(PROFILE_DIR, 'host.cpuprofile'), JSON.stringify(hostProfile));
    console.log(
      `idle profiles written to ${PROFILE_DIR} (this run's CPU figures include profiling)`,
    );
  };
}
