/**
 * Avatars that failed to load: a row drawn later for the same sender shows initials at once
 * (no request, no redraw on the error), and an avatar changed since, with a new version in
 * its address, is tried again.
 */
import { expect, it } from 'vitest';
import { isBroken, markBroken } from '../../../../src/renderer/lib/broken-images.ts';

it('remembers a failed avatar by its address, not a newer version of it', () => {
  const avatar = 'https://chat.example/avatar/7?version=1';
  expect(isBroken(avatar)).toBe(false);
  markBroken(avatar);
  expect(isBroken(avatar)).toBe(true);
  expect(isBroken('https://chat.example/avatar/7?version=2')).toBe(false);
  expect(isBroken('https://chat.example/avatar/8?version=1')).toBe(false);
});

it('keeps a bounded number of addresses', () => {
  for (let i = 0; i < 600; i++) markBroken(`https://chat.example/avatar/${i}?version=1`);
  expect(isBroken('https://chat.example/avatar/599?version=1')).toBe(true);
});
