import { describe, expect, it } from 'vitest';
import {
  checkFolderDescription,
  checkFolderName,
} from '../../../../src/renderer/views/admin/rules/folder-rules.ts';
import { explainPushError } from '../../../../src/renderer/views/admin/rules/push-errors.ts';

describe('channel folder limits', () => {
  const limits = { nameMax: 5, descriptionMax: 3 };

  it('needs a name and counts the published limits in code points', () => {
    expect(checkFolderName('   ', limits)).toMatch(/needs a name/);
    expect(checkFolderName('🎉🎉🎉🎉🎉', limits)).toBeUndefined();
    expect(checkFolderName('abcdef', limits)).toBe('At most 5 characters.');
  });

  it('lets the description be empty but not longer than the limit', () => {
    expect(checkFolderDescription('', limits)).toBeUndefined();
    expect(checkFolderDescription('abcd', limits)).toBe('At most 3 characters.');
  });
});

describe('test notification errors', () => {
  it('explains every code spec 4.20 lists, with something to do', () => {
    for (const code of [
      'NO_ACTIVE_PUSH_DEVICE',
      'ADMIN_ACTION_REQUIRED',
      'FAILED_TO_CONNECT_BOUNCER',
      'INTERNAL_SERVER_ERROR_ON_BOUNCER',
    ]) {
      const e = explainPushError(code);
      expect(e?.what.length).toBeGreaterThan(20);
      expect(e?.todo.length).toBeGreaterThan(10);
    }
  });

  it('leaves other errors to the server’s own words', () => {
    expect(explainPushError('BAD_REQUEST')).toBeUndefined();
    expect(explainPushError(undefined)).toBeUndefined();
  });
});
