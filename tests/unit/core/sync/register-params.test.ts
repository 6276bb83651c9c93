import { describe, expect, it } from 'vitest';
import {
  LEGACY_EVENT_TYPES,
  PERCH_REGISTER_PARAMS,
  fetchEventTypes,
} from '../../../../src/core/sync/register-params.ts';

const RENAMED = [
  ['user_group', 'realm_user_groups'],
  ['channel_folder', 'channel_folders'],
  ['has_videoprovider_token', 'video_calls'],
] as const;

describe('the state sections Perch asks POST /register for', () => {
  it('fetches each state section under Perch’s name and under the upstream server’s', () => {
    const fetched = PERCH_REGISTER_PARAMS.fetch_event_types ?? [];
    for (const [own, upstream] of RENAMED) {
      expect(fetched).toContain(own);
      expect(fetched).toContain(upstream);
    }
    // Queued event types stay Perch's own: the aliases name state sections, not events.
    expect(PERCH_REGISTER_PARAMS.event_types).not.toContain('video_calls');
  });

  it('the admin panels’ short-lived queues ask under both names too', () => {
    expect(fetchEventTypes(['realm', 'channel_folder', 'user_group', 'stream'])).toEqual([
      'realm',
      'channel_folder',
      'channel_folders',
      'user_group',
      'realm_user_groups',
      'stream',
    ]);
    expect(fetchEventTypes(['has_videoprovider_token'])).toEqual([
      'has_videoprovider_token',
      'video_calls',
    ]);
  });

  it('asks for the state and events of servers before FL 134 and FL 89 as well', () => {
    for (const name of ['muted_topics', 'update_display_settings', 'update_global_notifications']) {
      expect(LEGACY_EVENT_TYPES).toContain(name);
      expect(PERCH_REGISTER_PARAMS.event_types).toContain(name);
      expect(PERCH_REGISTER_PARAMS.fetch_event_types).toContain(name);
    }
    // Current servers then send one copy only: the newer forms win.
    expect(PERCH_REGISTER_PARAMS.event_types).toContain('user_topic');
    expect(PERCH_REGISTER_PARAMS.client_capabilities?.user_settings_object).toBe(true);
  });
});
