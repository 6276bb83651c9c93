/**
 * Settings through the Core over real HTTP: the user's own settings read from the synced state,
 * changed with PATCH /settings, and pushed as `settings.changed` whenever a change arrives,
 * from this Core or another device, at today's level and before FL 89.
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../src/contract/contract.ts';
import { ok } from '../server/messaging-client.ts';
import { useCoreAndServer } from '../support/core-server.ts';

type Snapshot = Result<'settings.get'>;
type Changed = { accountId: string; values: Record<string, unknown>; effects: { text: string }[] };

function suite(featureLevel?: number) {
  const t = useCoreAndServer({
    server: { rateLimit: false, ...(featureLevel ? { featureLevel } : {}) },
  });
  const member = () => t.server.users.find((u) => u.role === 400 && !u.is_bot)!;
  const changes = () =>
    t.pushed.filter((p) => p.topic === 'settings.changed').map((p) => p.payload as Changed);
  const get = (accountId: string) => t.call<Snapshot>('settings.get', { accountId });
  return { t, member, changes, get };
}

describe('settings through the Core', () => {
  const { t, member, changes, get } = suite();

  it('pushes a change made on another device, and reads it back', async () => {
    const accountId = await t.signIn(member(), { listening: true });
    expect((await get(accountId)).values['enter_sends']).toBe(false);
    await ok(t.server, member(), 'PATCH', '/settings', { enter_sends: true });
    await expect
      .poll(() => changes().find((c) => c.values['enter_sends'] === true))
      .toMatchObject({ accountId, values: { enter_sends: true } });
    expect((await get(accountId)).values['enter_sends']).toBe(true);
  });

  it('saves a change and tells what the notification settings now do', async () => {
    const accountId = await t.signIn(member(), { listening: true });
    await t.call('settings.update', {
      accountId,
      changes: { enable_desktop_notifications: false },
    });
    const record = t.server.state.users.get(member().user_id)!;
    expect(record.settings['enable_desktop_notifications']).toBe(false);
    await expect
      .poll(() =>
        changes()
          .at(-1)
          ?.effects.map((e) => e.text),
      )
      .toContain('Direct messages: sound only');
  });

  it('passes on the server refusing a value, and refuses a setting it does not know', async () => {
    const accountId = await t.signIn(member());
    const refused = await t.core.invoke('settings.update', {
      accountId,
      changes: { web_font_size_px: 40 },
    });
    expect(refused.ok ? undefined : refused.error.apiCode).toBe('BAD_REQUEST');
    const unknown = await t.core.invoke('settings.update', {
      accountId,
      changes: { made_up_setting: true },
    });
    expect(unknown.ok ? undefined : unknown.error.code).toBe('INVALID_ARGS');
  });
});

describe('settings through the Core, server at FL 80', () => {
  const { t, member, changes, get } = suite(80);

  it('follows update_display_settings and leaves out what the level lacks', async () => {
    const accountId = await t.signIn(member(), { listening: true });
    const values = (await get(accountId)).values;
    expect(values).not.toHaveProperty('receives_typing_notifications');
    expect(values).not.toHaveProperty('enable_followed_topic_desktop_notifications');
    await ok(t.server, member(), 'PATCH', '/settings', { web_home_view: 'all_messages' });
    await expect
      .poll(() => changes().find((c) => c.values['web_home_view'] === 'all_messages'))
      .toBeDefined();
  });
});
