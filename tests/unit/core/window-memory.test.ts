/**
 * The last window's picture is served only for a window that will open where it was taken,
 * with the same accounts signed in (docs/architecture.md "No window").
 */
import { describe, expect, it } from 'vitest';
import { WindowMemory } from '../../../src/core/window-memory.ts';

const onGeneral = {
  view: 'messages' as const,
  accountId: 'a1',
  narrow: [{ operator: 'channel', operand: 'general' }],
  anchor: 'newest' as const,
};
const picture = { html: '<div class="shell">the list</div>', width: 1280 };

describe('WindowMemory', () => {
  it('serves the picture taken where the window is, for the same accounts', () => {
    let signedIn = ['a1', 'a2'];
    const memory = new WindowMemory(() => signedIn);
    memory.setPlace(onGeneral);
    memory.keepPicture(picture);
    signedIn = ['a2', 'a1'];
    expect(memory.picture()).toEqual(picture);
    // Served again for the next window, as long as nothing moved.
    memory.setPlace({ ...onGeneral, narrow: [{ operator: 'channel', operand: 'general' }] });
    expect(memory.picture()).toEqual(picture);
  });

  it('drops the picture once the window moves elsewhere, even back again', () => {
    const memory = new WindowMemory(() => ['a1']);
    memory.setPlace(onGeneral);
    memory.keepPicture(picture);
    memory.setPlace({ ...onGeneral, narrow: [{ operator: 'channel', operand: 'random' }] });
    expect(memory.picture()).toBeUndefined();
    memory.setPlace(onGeneral);
    expect(memory.picture()).toBeUndefined();
  });

  it('serves none once the accounts differ, or after an account signed out', () => {
    let signedIn = ['a1', 'a2'];
    const memory = new WindowMemory(() => signedIn);
    memory.setPlace(onGeneral);
    memory.keepPicture(picture);
    signedIn = ['a1'];
    expect(memory.picture()).toBeUndefined();
    signedIn = ['a1', 'a2', 'a3'];
    expect(memory.picture()).toBeUndefined();
    signedIn = ['a1', 'a2'];
    expect(memory.picture()).toEqual(picture);
    memory.forgetPicture();
    expect(memory.picture()).toBeUndefined();
  });

  it('keeps no picture of a section whose code loads later, nor before any place', () => {
    const memory = new WindowMemory(() => ['a1']);
    memory.keepPicture(picture);
    expect(memory.picture()).toBeUndefined();
    memory.setPlace({ view: 'admin', accountId: 'a1' });
    memory.keepPicture(picture);
    expect(memory.picture()).toBeUndefined();
    memory.setPlace({ view: 'inbox' });
    memory.keepPicture(picture);
    expect(memory.picture()).toEqual(picture);
  });
});
