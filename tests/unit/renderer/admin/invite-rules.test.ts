import { describe, expect, it } from 'vitest';
import {
  allowedInviteRoles,
  checkInvite,
  expiryParam,
  parseAddresses,
} from '../../../../src/renderer/views/admin/rules/invite-rules.ts';

describe('invitation addresses', () => {
  it('splits on commas and newlines, trims, drops blanks and repeats, flags bad ones', () => {
    const parsed = parseAddresses(' a@x.org,\nb@x.org ,, A@X.org\nnot-an-address\n');
    expect(parsed).toEqual([
      { address: 'a@x.org', valid: true },
      { address: 'b@x.org', valid: true },
      { address: 'not-an-address', valid: false },
    ]);
  });

  it('asks for one valid address; invalid ones beside valid ones are skipped, not blocking', () => {
    const base = {
      expiry: { kind: 'default' } as const,
      welcome: null,
      inviteAs: 400,
      callerRole: 200,
    };
    expect(checkInvite({ ...base, addresses: [] }).addresses).toMatch(/at least one/);
    expect(
      checkInvite({ ...base, addresses: parseAddresses('a@x.org, b@') }).addresses,
    ).toBeUndefined();
    expect(checkInvite({ ...base, addresses: parseAddresses('b@') }).addresses).toBe(
      'Not an email address: b@',
    );
  });
});

describe('invitation role', () => {
  it('offers only the caller’s role and more restricted ones', () => {
    expect(allowedInviteRoles(100)).toEqual([100, 200, 300, 400, 600]);
    expect(allowedInviteRoles(300)).toEqual([300, 400, 600]);
    expect(allowedInviteRoles(400)).toEqual([400, 600]);
  });

  it('refuses a more privileged role', () => {
    const p = checkInvite({
      addresses: parseAddresses('a@x.org'),
      expiry: { kind: 'default' },
      welcome: null,
      inviteAs: 200,
      callerRole: 400,
    });
    expect(p.role).toMatch(/own role/);
  });
});

describe('welcome message and expiry', () => {
  const base = { addresses: parseAddresses('a@x.org'), inviteAs: 400, callerRole: 200 };

  it('counts code points, not UTF-16 units, against the 8000 limit', () => {
    const emoji = '😀'.repeat(8000); // 16000 UTF-16 units, 8000 code points
    expect(
      checkInvite({ ...base, expiry: { kind: 'default' }, welcome: emoji }).welcome,
    ).toBeUndefined();
    expect(
      checkInvite({ ...base, expiry: { kind: 'default' }, welcome: emoji + 'x' }).welcome,
    ).toMatch(/8000/);
  });

  it('sends nothing for the server default, null for never, minutes otherwise', () => {
    expect(expiryParam({ kind: 'default' })).toBeUndefined();
    expect(expiryParam({ kind: 'never' })).toBeNull();
    expect(expiryParam({ kind: 'minutes', minutes: 90 })).toBe(90);
    expect(
      checkInvite({ ...base, welcome: null, expiry: { kind: 'minutes', minutes: 0 } }).expiry,
    ).toBeDefined();
  });
});
