import { describe, expect, it } from 'vitest';
import { checkServerUrl } from '../../../../src/core/accounts/server-url.ts';

describe('checking a server address', () => {
  it('adds https and drops a trailing slash or /api/v1', () => {
    expect(checkServerUrl('chat.example.org/')).toEqual({
      ok: true,
      url: 'https://chat.example.org',
      insecure: false,
      schemeAssumed: true,
    });
    expect(checkServerUrl('https://example.org/chat/api/v1')).toMatchObject({
      url: 'https://example.org/chat',
    });
  });

  it('accepts plain http to this machine only', () => {
    expect(checkServerUrl('http://127.0.0.1:9991')).toMatchObject({ ok: true, insecure: false });
    expect(checkServerUrl('http://localhost:9991')).toMatchObject({ ok: true });
    const refused = checkServerUrl('http://chat.example.org');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reason).toMatch(/unencrypted/);
  });

  it('accepts plain http elsewhere when the user insists, and says it is insecure', () => {
    expect(checkServerUrl('http://chat.example.org', true)).toEqual({
      ok: true,
      url: 'http://chat.example.org',
      insecure: true,
      schemeAssumed: false,
    });
  });

  it('refuses other schemes, embedded credentials and garbage', () => {
    expect(checkServerUrl('ftp://x.org').ok).toBe(false);
    expect(checkServerUrl('https://ada:pw@x.org').ok).toBe(false);
    expect(checkServerUrl('https://exa mple').ok).toBe(false);
    expect(checkServerUrl('   ').ok).toBe(false);
  });
});
