/**
 * Background sync against the reference server emulating levels before user_settings
 * (FL 89) and user_topics (FL 134): the state comes from top-level settings and
 * muted_topics, and the older settings events keep it current.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { updateSettings } from '../../../../src/api/routes/settings.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import type { ServerUser } from '../../../../src/server/index.ts';
import { PerchUnderTest, ReferenceServer, apiClient, person, send, until } from './harness.ts';

describe.each([80, 120])('notification decisions from a server at FL %i', (featureLevel) => {
  let clock: ManualClock;
  let server: ReferenceServer;
  let perch: PerchUnderTest;
  let me: ServerUser;
  let ada: ServerUser;

  afterEach(async () => {
    await perch.manager.close();
    await server.close();
  });

  async function start(): Promise<void> {
    clock = new ManualClock();
    server = await ReferenceServer.start(clock, { featureLevel });
    me = person(server.started, 'member');
    ada = person(server.started, 'admin');
    server.started.state.setUserTopic({
      user_id: me.user_id,
      stream_id: server.started.state.channelByName('general')!.stream_id,
      topic_name: 'Noise',
      visibility_policy: 1,
      last_updated: 1594825442,
    });
    await patchMine({ enable_sounds: false });
    perch = new PerchUnderTest(server.url, [me], clock);
    await perch.watch(me);
  }

  async function patchMine(patch: Parameters<typeof updateSettings>[1]): Promise<void> {
    const client = apiClient(server.url, me, clock);
    try {
      await updateSettings(client, patch);
    } finally {
      await client.close();
    }
  }

  const inGeneral = (topic: string, content: string) =>
    send(server.started, ada, clock, { type: 'stream', to: 'general', topic, content });

  it('syncs, keeps a muted topic quiet, and follows the settings', async () => {
    await start();
    expect(perch.health(me).state).toBe('polling');
    const muted = await inGeneral('noise', 'anyone?');
    // enable_sounds false came from the register's settings: a mention shows but is silent.
    const mention = await inGeneral('lunch', '@**Mel Member** soup?');
    await perch.decided(me, [muted, mention]);
    expect(perch.decisionFor(me, muted)?.rules.desktop).toBe('A5');
    expect(perch.decisionFor(me, mention)?.rules).toEqual({ desktop: 'B5', sound: 'C4' });

    // Arrives as update_global_notifications below FL 89, as user_settings above.
    await patchMine({ enable_sounds: true });
    const later = await inGeneral('lunch', '@**Mel Member** still soup?');
    await perch.decided(me, [later]);
    expect(perch.decisionFor(me, later)?.rules).toEqual({ desktop: 'B5', sound: 'C6' });
    expect(perch.sound.played).toEqual(['zulip']);
  });

  it('a change of the badge count setting redraws the tray badge at once', async () => {
    await start();
    const dm = await send(server.started, ada, clock, {
      type: 'direct',
      to: [me.user_id],
      content: 'hello',
    });
    await perch.decided(me, [dm]);
    const before = perch.badge.current.count;
    expect(before).toBeGreaterThan(0);
    // 4 = none: nothing else changes, so only the setting itself can redraw the badge.
    await patchMine({ desktop_icon_count_display: 4 });
    await until(() => perch.badge.current.count === 0, 'the badge to be cleared');
  });
});
