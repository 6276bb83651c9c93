import { describe, expect, it } from 'vitest';
import { DEFAULTS_PARAM_NAMES } from '../../../../src/contract/schemas/admin-org.ts';
import {
  CATALOG,
  valueLabel,
  visibleParams,
} from '../../../../src/renderer/views/admin/rules/defaults-catalog.ts';
import {
  changedFields,
  exportDefaults,
  importDefaults,
} from '../../../../src/renderer/views/admin/rules/defaults-change.ts';

const names = (level: number) =>
  Object.values(visibleParams(level))
    .flat()
    .map((p) => p.name);

describe('defaults catalog', () => {
  it('shows every spec 4.1 parameter on a current server, once', () => {
    expect(new Set(names(496))).toEqual(new Set(DEFAULTS_PARAM_NAMES));
    expect(names(496)).toHaveLength(DEFAULTS_PARAM_NAMES.length);
  });

  it('hides parameters the server’s feature level lacks', () => {
    expect(names(252)).not.toContain('receives_typing_notifications');
    expect(names(253)).toContain('receives_typing_notifications');
    expect(names(328)).not.toContain('web_suggest_update_timezone');
    expect(names(329)).toContain('web_suggest_update_timezone');
  });

  it('labels coded values by meaning', () => {
    expect(valueLabel('color_scheme', 2)).toBe('Dark');
    expect(valueLabel('web_home_view', 'recent')).toBe('Recent conversations');
    expect(valueLabel('enter_sends', false)).toBe('Off');
    expect(CATALOG.email_address_visibility.group).toBe('privacy');
  });
});

describe('defaults changes', () => {
  const current = { color_scheme: 1, enter_sends: true, web_home_view: 'inbox' };

  it('sends only the fields whose value differs from the server', () => {
    const changes = changedFields(current, {
      color_scheme: 1,
      enter_sends: false,
      web_home_view: 'recent',
    });
    expect(changes).toEqual([
      { name: 'web_home_view', from: 'inbox', to: 'recent' },
      { name: 'enter_sends', from: true, to: false },
    ]);
  });

  it('round-trips an export through import', () => {
    const r = importDefaults(exportDefaults({ ...current, not_a_setting: 1 }), 496);
    expect(r).toEqual({ ok: true, values: current, skipped: [] });
  });

  it('refuses a file with unknown settings or values outside the spec, naming them', () => {
    const unknown = importDefaults('{"colour_scheme": 2}', 496);
    expect(unknown).toEqual({ ok: false, problems: ['Unknown settings: colour_scheme'] });
    const bad = importDefaults('{"color_scheme": 7, "web_home_view": "feed"}', 496);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.join(' ')).toMatch(/color_scheme.*web_home_view/);
    expect(importDefaults('not json', 496)).toEqual({
      ok: false,
      problems: ['The file is not JSON.'],
    });
  });

  it('skips, and names, settings the server’s feature level lacks', () => {
    const r = importDefaults('{"receives_typing_notifications": false, "enter_sends": true}', 200);
    expect(r).toEqual({
      ok: true,
      values: { enter_sends: true },
      skipped: ['receives_typing_notifications'],
    });
  });
});
