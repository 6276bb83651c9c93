import { describe, expect, it } from 'vitest';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../../../src/core/core.ts';

async function core() {
  return createCore({
    dataDir: await mkdtemp(join(tmpdir(), 'perch-dispatch-')),
    version: '1.2.3',
    transport: 'web',
  });
}

describe('dispatching a call through the contract', () => {
  it('answers a known channel with a result of the contract shape', async () => {
    const c = await core();
    const r = await c.invoke('app.info', {});
    expect(r).toMatchObject({
      ok: true,
      result: { name: 'Perch', version: '1.2.3', transport: 'web' },
    });
  });

  it('refuses an unknown channel by name', async () => {
    const r = await (await core()).invoke('accounts.dumpSecrets', {});
    expect(r).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
  });

  it('names every invalid argument and runs nothing', async () => {
    const c = await core();
    const r = await c.invoke('prefs.set', { theme: 'neon', closeToTray: 1 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('INVALID_ARGS');
    expect(r.error.issues?.map((i) => i.path).sort()).toEqual(['closeToTray', 'theme']);
    expect((await c.invoke('prefs.get', {})).ok && (await c.invoke('prefs.get', {}))).toMatchObject(
      {
        result: { theme: 'system', closeToTray: true },
      },
    );
  });

  it('refuses arguments the contract does not name, so nothing extra slips through', async () => {
    const r = await (await core()).invoke('prefs.set', { theme: 'dark', apiKey: 'x' });
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_ARGS' } });
  });

  it('refuses an empty change rather than writing the file for nothing', async () => {
    const r = await (await core()).invoke('prefs.set', {});
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_ARGS' } });
  });

  it('pushes a saved change to every subscriber', async () => {
    const c = await core();
    const seen: unknown[] = [];
    c.subscribe((topic, payload) => seen.push([topic, payload]));
    await c.invoke('prefs.set', { startAtLogin: true });
    expect(seen).toEqual([
      ['prefs.changed', { theme: 'system', closeToTray: true, startAtLogin: true }],
    ]);
  });
});

describe('API errors reaching the renderer', () => {
  it('carry the server message, code and extra fields, and nothing of the request', async () => {
    const { toRpcError } = await import('../../../../src/core/rpc/dispatch.ts');
    const { apiErrorFor } = await import('../../../../src/api/errors.ts');
    const err = apiErrorFor('POST /invites', 400, {
      result: 'error',
      msg: 'Some of those addresses are already using Zulip',
      code: 'INVITATION_FAILED',
      errors: [['a@b.c', 'Already has an account.', false]],
      sent_invitations: true,
      daily_limit_reached: false,
      license_limit_reached: false,
    });
    expect(toRpcError(err).toShape()).toEqual({
      code: 'FAILED',
      message: 'Some of those addresses are already using Zulip',
      apiCode: 'INVITATION_FAILED',
      details: {
        errors: [['a@b.c', 'Already has an account.', false]],
        sent_invitations: true,
        daily_limit_reached: false,
        license_limit_reached: false,
      },
    });
  });

  it("carry a failure of the Core's own making as its words, code and details", async () => {
    const { toRpcError } = await import('../../../../src/core/rpc/dispatch.ts');
    const { CoreError } = await import('../../../../src/core/errors.ts');
    const err = new CoreError('Sign in to this account again.', {
      apiCode: 'KEY_MISSING',
      details: { cause: 'gone' },
    });
    expect(toRpcError(err).toShape()).toEqual({
      code: 'FAILED',
      message: 'Sign in to this account again.',
      apiCode: 'KEY_MISSING',
      details: { cause: 'gone' },
    });
    expect(toRpcError(new CoreError('This upload was cancelled.')).toShape()).toEqual({
      code: 'FAILED',
      message: 'This upload was cancelled.',
    });
  });

  it('say plainly what a server too old for the call lacks, as no server answered', async () => {
    const { toRpcError } = await import('../../../../src/core/rpc/dispatch.ts');
    const { UnsupportedByServerError } = await import('../../../../src/api/errors.ts');
    const err = new UnsupportedByServerError('GET /saved_snippets', 'saved snippets', 297, 296);
    expect(toRpcError(err).toShape()).toEqual({
      code: 'FAILED',
      message: 'This server is too old for saved snippets; it needs Zulip 10.0 or later.',
      details: { serverFeatureLevel: 296, requiredFeatureLevel: 297 },
    });
  });
});
