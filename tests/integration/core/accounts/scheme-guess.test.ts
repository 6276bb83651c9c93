/**
 * An address typed without a scheme is tried over https. Against a plain-http server that
 * fails during the TLS handshake, which is not a certificate problem: the error says what
 * was tried and offers the http:// address instead.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../src/core/core.ts';
import { MemorySecretStore } from '../../../../src/core/accounts/memory-secret-store.ts';
import { startServer, type StartedServer } from '../../../../src/server/index.ts';

let server: StartedServer;
let core: Core;
let dataDir: string;

beforeAll(async () => {
  server = await startServer();
  dataDir = await mkdtemp(join(tmpdir(), 'perch-scheme-'));
  core = await createCore({
    dataDir,
    version: 't',
    transport: 'web',
    secrets: new MemorySecretStore(),
  });
});

afterAll(async () => {
  await core.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('an address typed without a scheme', () => {
  it('against a plain-http server names the https address tried and suggests http://', async () => {
    const hostPort = new URL(server.url).host;
    const r = await core.invoke('accounts.probe', { url: hostPort });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toContain(`https://${hostPort}`);
    expect(r.error.message).toContain(`http://${hostPort}`);
    expect(r.error.message).not.toMatch(/certificate/);
    expect(r.error.apiCode).toBe('NETWORK');
  });

  it('the suggested http:// address then works', async () => {
    const r = await core.invoke('accounts.probe', { url: `http://${new URL(server.url).host}` });
    expect(r).toMatchObject({ ok: true });
  });
});
