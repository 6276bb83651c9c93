import { describe, expect, it } from 'vitest';
import { toProbe } from '../../../../src/core/accounts/probe.ts';
import { toSummary } from '../../../../src/core/accounts/summary.ts';
import { newAccountId, type Account } from '../../../../src/core/accounts/account.ts';

const SERVER = 'https://chat.example.org';

const iconOf = (realm_icon: string | undefined, url = SERVER) =>
  toProbe(url, false, { realm_name: 'Example', ...(realm_icon ? { realm_icon } : {}) }).realmIcon;

describe('the organization icon comes only from the organization’s server', () => {
  it('keeps an icon on the server, made absolute', () => {
    expect(iconOf('/static/icon.png')).toBe(`${SERVER}/static/icon.png`);
    expect(iconOf(`${SERVER}/user_avatars/2/realm/icon.png?version=3`)).toBe(
      `${SERVER}/user_avatars/2/realm/icon.png?version=3`,
    );
    expect(iconOf('icon.png', 'http://127.0.0.1:9991/chat')).toBe(
      'http://127.0.0.1:9991/chat/icon.png',
    );
  });

  it('drops an icon from any other origin, scheme or port, and a missing one', () => {
    for (const foreign of [
      'https://tracker.example/icon.png',
      '//tracker.example/icon.png',
      'http://chat.example.org/icon.png',
      'https://chat.example.org:8443/icon.png',
      'https://chat.example.org.tracker.example/icon.png',
      'data:image/svg+xml,<svg/>',
      'javascript:alert(1)',
      undefined,
    ]) {
      expect(iconOf(foreign), String(foreign)).toBeUndefined();
    }
  });

  it('drops another origin’s icon kept in accounts.json before icons were checked', () => {
    const stored = (realmIcon: string): Account => ({
      id: newAccountId(),
      serverUrl: SERVER,
      email: 'ada@example.org',
      userId: 7,
      fullName: 'Ada',
      role: 200,
      realmName: 'Example',
      realmIcon,
      featureLevel: 496,
      addedAt: 1,
    });
    expect(toSummary(stored('https://tracker.example/icon.png'), 'keychain')).not.toHaveProperty(
      'realmIcon',
    );
    expect(toSummary(stored(`${SERVER}/static/icon.png`), 'keychain').realmIcon).toBe(
      `${SERVER}/static/icon.png`,
    );
  });
});
