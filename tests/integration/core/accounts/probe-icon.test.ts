/**
 * The organization card shows before sign-in for any address typed: the Core hands the
 * renderer an icon only if it is on the server probed.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../../src/core/core.ts';
import { startFakeSite } from '../../../e2e/support/fake-site.ts';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function probeIcon(realmIcon: string): Promise<{ url: string; realmIcon?: unknown }> {
  const site = await startFakeSite(
    JSON.stringify({ result: 'success', msg: '', realm_name: 'Org', realm_icon: realmIcon }),
    'application/json',
  );
  const core = await createCore({
    dataDir: await mkdtemp(join(tmpdir(), 'perch-probe-icon-')),
    version: 't',
    transport: 'web',
  });
  closing.push(site.close, () => core.close());
  const r = await core.invoke('accounts.probe', { url: site.url });
  if (!r.ok) throw new Error(r.error.message);
  return { url: site.url, ...(r.result as { realmIcon?: unknown }) };
}

describe('accounts.probe', () => {
  it('gives no icon the server points at on another origin', async () => {
    const probe = await probeIcon('https://tracker.example/icon.png');
    expect(probe.realmIcon).toBeUndefined();
  });

  it('gives the server’s own icon as an absolute address', async () => {
    const probe = await probeIcon('/static/icon.png');
    expect(probe.realmIcon).toBe(`${probe.url}/static/icon.png`);
  });
});
