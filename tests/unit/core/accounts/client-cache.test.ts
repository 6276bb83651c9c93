import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/api/client.ts';
import { ClientCache } from '../../../../src/core/accounts/client-cache.ts';

/** A client whose close() is observable; nothing is ever sent with it. */
function client(closed: string[], name: string): ApiClient {
  const made = new ApiClient({ realmUrl: 'http://127.0.0.1:9', email: name, apiKey: 'k' });
  const close = made.close.bind(made);
  made.close = async () => {
    closed.push(name);
    await close();
  };
  return made;
}

describe('ClientCache', () => {
  it('gives every call of an account the same client while its key stays the same', () => {
    const cache = new ClientCache();
    const closed: string[] = [];
    const first = cache.get('a', 'key-1', () => client(closed, 'first'));
    expect(cache.get('a', 'key-1', () => client(closed, 'second'))).toBe(first);
    expect(cache.get('b', 'key-1', () => client(closed, 'other'))).not.toBe(first);
    expect(closed).toEqual([]);
  });

  it('a new key (re-authentication) gets a new client and the old one is closed', async () => {
    const cache = new ClientCache();
    const closed: string[] = [];
    const old = cache.get('a', 'key-1', () => client(closed, 'old'));
    const renewed = cache.get('a', 'key-2', () => client(closed, 'new'));
    expect(renewed).not.toBe(old);
    await Promise.resolve();
    expect(closed).toEqual(['old']);
  });

  it('sign-out and quitting close the clients, and the next call starts afresh', async () => {
    const cache = new ClientCache();
    const closed: string[] = [];
    const a = cache.get('a', 'k', () => client(closed, 'a'));
    cache.get('b', 'k', () => client(closed, 'b'));
    await cache.drop('a');
    expect(closed).toEqual(['a']);
    expect(cache.get('a', 'k', () => client(closed, 'a2'))).not.toBe(a);
    await cache.closeAll();
    expect(closed.sort()).toEqual(['a', 'a2', 'b']);
  });
});
