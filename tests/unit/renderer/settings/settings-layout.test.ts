/** Every personal setting PATCH /settings takes has one place on the Settings page. */
import { describe, expect, it } from 'vitest';
import { DEFAULTS_PARAM_NAMES } from '../../../../src/contract/schemas/admin-org.ts';
import { PERSONAL_ONLY } from '../../../../src/contract/schemas/settings.ts';
import { GROUPS, itemOf } from '../../../../src/renderer/views/settings/settings-layout.ts';

describe('the Settings page layout', () => {
  const placed = Object.values(GROUPS).flatMap((groups) => groups.flatMap((g) => g.names));

  it('places each setting exactly once', () => {
    expect([...placed].sort()).toEqual([...DEFAULTS_PARAM_NAMES, ...PERSONAL_ONLY].sort());
  });

  it('puts enter_sends under Compose and the home view under Preferences', () => {
    expect(GROUPS.compose.flatMap((g) => g.names)).toEqual(['enter_sends']);
    expect(GROUPS.preferences.flatMap((g) => g.names)).toContain('web_home_view');
  });

  it('names coded values by their meaning', () => {
    expect(itemOf('web_home_view').options).toContainEqual(['recent', 'Recent conversations']);
    expect(itemOf('twenty_four_hour_time').options).toContainEqual([true, '24-hour (13:00)']);
    expect(itemOf('default_language').options).toContainEqual(['de', 'Deutsch']);
    expect(itemOf('timezone').options).toContainEqual(['Europe/Berlin', 'Europe/Berlin']);
    expect(itemOf('timezone').options?.[0]).toEqual(['', 'Not set']);
  });

  it('says what the emoji set and the reaction names do in Perch', () => {
    expect(itemOf('emojiset').help).toMatch(/Google and Twitter alike.*bundled pictures/);
    expect(itemOf('emojiset').help).toMatch(/Plain text shows every emoji as its :name:/);
    expect(itemOf('display_emoji_reaction_users').help).toMatch(/3 reactions or fewer/);
  });
});
