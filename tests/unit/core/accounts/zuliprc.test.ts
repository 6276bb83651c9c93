import { describe, expect, it } from 'vitest';
import { parseRcFile } from '../../../../src/core/accounts/zuliprc.ts';

describe('reading a zuliprc file', () => {
  it('reads email, key and site from the [api] section', () => {
    expect(
      parseRcFile('[api]\nemail=ada@example.org\nkey=abc123\nsite=https://chat.example.org\n'),
    ).toEqual({
      email: 'ada@example.org',
      key: 'abc123',
      site: 'https://chat.example.org',
    });
  });

  it('adds https:// to a bare host name', () => {
    expect(parseRcFile('[api]\nemail=a@b\nkey=k\nsite=chat.example.org').site).toBe(
      'https://chat.example.org',
    );
  });

  it('names what is missing, without quoting the key', () => {
    expect(() => parseRcFile('[api]\nemail=a@b\nsite=x')).toThrow('The [api] section has no key.');
    expect(() => parseRcFile('[other]\nkey=sekret')).toThrow('The file has no [api] section.');
    try {
      parseRcFile('[api]\nkey=sekret-value\n');
    } catch (err) {
      expect(String(err)).not.toContain('sekret-value');
    }
  });
});
