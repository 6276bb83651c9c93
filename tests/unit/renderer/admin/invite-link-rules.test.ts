import { describe, expect, it } from 'vitest';
import { linkLevelNotes } from '../../../../src/renderer/views/admin/rules/invite-link-rules.ts';

describe('linkLevelNotes', () => {
  it('offers everything on a current server', () => {
    expect(linkLevelNotes(420, 400)).toEqual({});
  });

  it('keeps links to administrators before FL 209', () => {
    expect(linkLevelNotes(208, 400).refused).toContain('only administrators');
    expect(linkLevelNotes(208, 200).refused).toBeUndefined();
  });

  it('says which options an older server lacks instead of offering them', () => {
    const notes = linkLevelNotes(260, 100);
    expect(notes.defaults).toContain('needs level 261');
    expect(notes.groups).toContain('needs level 322');
    expect(linkLevelNotes(321, 100)).toEqual({
      groups: expect.stringContaining('feature level 321') as unknown,
    });
  });
});
