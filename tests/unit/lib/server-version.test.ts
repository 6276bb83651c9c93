/** Feature levels said as the Zulip releases people install. */
import { describe, expect, test } from 'vitest';
import {
  releaseFor,
  releaseNeeded,
  serverRelease,
  serverTooOld,
} from '../../../src/lib/server-version.ts';

describe('releaseFor', () => {
  // Each pair is a "New in Zulip X (feature level N)" of the upstream API documentation.
  test.each([
    [26, '3.0'],
    [64, '4.0'],
    [125, '6.0'],
    [185, '7.0'],
    [188, '8.0'],
    [237, '8.0'],
    [240, '9.0'],
    [297, '10.0'],
    [377, '10.0'],
    [378, '11.0'],
    [420, '11.0'],
  ])('level %i came with Zulip %s', (level, release) => {
    expect(releaseFor(level)).toBe(release);
  });

  test('a level past those placed names no release', () => {
    expect(releaseFor(476)).toBeUndefined();
    expect(releaseNeeded(476)).toBe('a newer Zulip version');
  });
});

describe('serverRelease', () => {
  test('says what an account’s server runs in releases, not levels', () => {
    expect(serverRelease(297)).toBe('Zulip 10.0');
    expect(serverRelease(476)).toBe('Zulip 11.0 or newer');
  });
});

describe('serverTooOld', () => {
  test('names the release in the sentence and keeps the levels for the details', () => {
    expect(serverTooOld('for channel folders', 389, 350)).toEqual({
      sentence: 'This server is too old for channel folders; it needs Zulip 11.0 or later.',
      details: 'Needs API feature level 389; this server has 350.',
    });
    expect(serverTooOld('for channel folders', 389, 389)).toBeUndefined();
  });

  test('past the known releases, a plain sentence', () => {
    expect(serverTooOld('to create video calls', 493, 420)?.sentence).toBe(
      'This server is too old to create video calls; it needs a newer Zulip version.',
    );
  });
});
