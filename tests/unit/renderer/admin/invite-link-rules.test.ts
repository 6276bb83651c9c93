import { describe, expect, it } from 'vitest';
import { linkLevelNotes } from '../../../../src/renderer/views/admin/rules/invite-link-rules.ts';

describe('linkLevelNotes', () => {
  it('offers everything on a current server', () => {
    expect(linkLevelNotes(420, 400)).toEqual({});
  });

  it('keeps links to administrators before FL 209', () => {
    expect(linkLevelNotes(208, 400).refused).toContain('anyone but administrators');
    expect(linkLevelNotes(208, 200).refused).toBeUndefined();
  });

  it('says which options an older server lacks instead of offering them', () => {
    const notes = linkLevelNotes(260, 100);
    // In releases, never in feature levels.
    expect(notes.defaults).toBe(
      'This server is too old to subscribe people who join with a link to the default channels; it needs Zulip 9.0 or later.',
    );
    expect(notes.groups).toContain('it needs Zulip 10.0 or later');
    expect(linkLevelNotes(321, 100)).toEqual({
      groups: expect.stringContaining('to add people who join with a link to groups') as unknown,
    });
    expect(Object.values(notes).join(' ')).not.toMatch(/level/);
  });
});
