import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PreferencesStore } from '../../../src/core/prefs.ts';

const dir = () => mkdtemp(join(tmpdir(), 'perch-prefs-'));

describe('PreferencesStore', () => {
  it('starts from the defaults when nothing was saved', async () => {
    const store = new PreferencesStore(await dir());
    expect(await store.load()).toEqual({ theme: 'system', closeToTray: true, startAtLogin: false });
  });

  it('keeps a change across a restart', async () => {
    const d = await dir();
    await new PreferencesStore(d)
      .load()
      .then(() => new PreferencesStore(d).update({ theme: 'dark' }));
    const reopened = new PreferencesStore(d);
    expect((await reopened.load()).theme).toBe('dark');
  });

  it('refuses to silently reset a corrupt file to the defaults', async () => {
    const d = await dir();
    await writeFile(join(d, 'preferences.json'), '{"theme": "chartreuse"}');
    await expect(new PreferencesStore(d).load()).rejects.toThrow(/preferences.json is not valid/);
    expect(await readFile(join(d, 'preferences.json'), 'utf8')).toContain('chartreuse');
  });
});
