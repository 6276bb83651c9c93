/** The Preferences page's saves without a DOM: what each save shows, against a recording Core. */
import { describe, expect, test } from 'vitest';
import type { ProxyState } from '../../../../../src/renderer/views/preferences/preferences-model.svelte.ts';
import { PreferencesModel } from '../../../../../src/renderer/views/preferences/preferences-model.svelte.ts';
import { RecordingPort } from '../../support/recording-port.ts';

const PREFS = { theme: 'dark', closeToTray: true, startAtLogin: false } as const;

function proxy(mode: 'system' | 'manual', passwordSet = false): ProxyState {
  return {
    preference: { mode, url: mode === 'manual' ? 'http://proxy:3128' : '', username: 'ada' },
    passwordSet,
    environment: { https: 'http://env-proxy:8080' },
  };
}

describe('preferences', () => {
  test('a saved change says Saved and gives what the Core now holds', async () => {
    const core = new RecordingPort().answer('prefs.set', PREFS);
    const model = new PreferencesModel(core);
    expect(await model.change({ theme: 'dark' })).toEqual(PREFS);
    expect(model.saved).toBe(true);
    expect(model.error).toBeUndefined();
    expect(model.saving).toBe(false);
    expect(core.callsTo('prefs.set')).toEqual([{ theme: 'dark' }]);
  });

  test("a refused change shows the Core's words and gives nothing to keep", async () => {
    const core = new RecordingPort().refuse('prefs.set', 'Could not write the settings file');
    const model = new PreferencesModel(core);
    expect(await model.change({ startAtLogin: true })).toBeUndefined();
    expect(model.error).toBe('Could not write the settings file');
    expect(model.saved).toBe(false);
  });
});

describe('proxy', () => {
  test('opening shows the saved proxy and what the environment names', async () => {
    const core = new RecordingPort().answer('proxy.get', proxy('system'));
    const model = new PreferencesModel(core);
    expect((await model.proxy.load())?.preference.mode).toBe('system');
    expect(model.proxy.current?.environment.https).toBe('http://env-proxy:8080');
  });

  test('a manual proxy with a typed password saves it, and says Saved', async () => {
    const core = new RecordingPort().answer('proxy.set', proxy('manual', true));
    const model = new PreferencesModel(core);
    const form = {
      mode: 'manual' as const,
      url: 'http://proxy:3128',
      username: 'ada',
      password: 'secret',
      forget: false,
    };
    expect(await model.proxy.save(form)).toEqual(proxy('manual', true));
    expect(model.proxy.saved).toBe(true);
    expect(model.proxy.current?.passwordSet).toBe(true);
    expect(core.callsTo('proxy.set')).toEqual([
      { mode: 'manual', url: 'http://proxy:3128', username: 'ada', password: 'secret' },
    ]);
  });

  test('forgetting the password sends null; an empty one keeps it', async () => {
    const core = new RecordingPort().answer('proxy.set', proxy('manual'));
    const model = new PreferencesModel(core);
    const form = { mode: 'manual' as const, url: 'http://p:1', username: 'ada', password: '' };
    await model.proxy.save({ ...form, forget: true });
    await model.proxy.save({ ...form, forget: false });
    expect(core.callsTo('proxy.set')).toEqual([
      { mode: 'manual', url: 'http://p:1', username: 'ada', password: null },
      { mode: 'manual', url: 'http://p:1', username: 'ada' },
    ]);
  });

  test("a refused proxy shows the Core's words", async () => {
    const core = new RecordingPort().refuse('proxy.get', 'The keychain is locked');
    const model = new PreferencesModel(core);
    expect(await model.proxy.load()).toBeUndefined();
    expect(model.proxy.error).toBe('The keychain is locked');
  });
});
