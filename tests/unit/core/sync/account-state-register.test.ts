import { describe, expect, it } from 'vitest';
import { AccountState } from '../../../../src/core/model/account-state.ts';
import { ALICE, ME } from '../notify/fixtures.ts';
import {
  DESIGN,
  RANDOM,
  UNSUBSCRIBED,
  channelMessage,
  registerResponse,
} from './register-fixture.ts';
import { badges, unreadSets } from './helpers.ts';

describe('AccountState built from POST /register', () => {
  it('places the register unreads in the four sets', () => {
    const state = new AccountState(registerResponse());
    expect(unreadSets(state)).toEqual({
      dms: [100, 101],
      // 203 is in a muted topic, 300 in a muted channel; 301 is an unmuted topic there.
      channelUnread: [200, 201, 202, 301],
      mentions: [201, 300],
      followed: [202],
    });
    expect(badges(state)).toEqual([6, 5, 4, 0]);
  });

  it('keeps settings, people, groups, folders, snippets and flags of the response', () => {
    const state = new AccountState(registerResponse({ has_videoprovider_token: true }));
    expect(state.userId).toBe(ME);
    expect(state.realmName).toBe('Acme');
    expect(state.settings.desktop_icon_count_display).toBe(1);
    expect(state.realmDefaults).toEqual({ enable_sounds: true });
    expect(state.user(ALICE)?.full_name).toBe('Alice');
    expect(state.userGroup(1)?.members).toEqual([ME, ALICE]);
    expect(state.alertWords).toEqual(['perch']);
    expect(state.channelFolders().map((f) => f.name)).toEqual(['Work']);
    expect(state.savedSnippets().map((s) => s.title)).toEqual(['hi']);
    expect(state.hasVideoProviderToken).toBe(true);
    expect(state.subscription(RANDOM)?.is_muted).toBe(true);
  });

  it('looks topics up case-insensitively', () => {
    const state = new AccountState(registerResponse());
    expect(state.topicPolicy(DESIGN, 'LUNCH')).toBe(3);
    expect(state.topicPolicy(DESIGN, 'lunch')).toBe(3);
    expect(state.topicPolicy(RANDOM, 'important')).toBe(2);
    expect(state.topicPolicy(DESIGN, 'logo')).toBe(0);
  });

  it('produces the policy input for a new message', () => {
    const state = new AccountState(registerResponse());
    const input = state.policyInput(channelMessage(500, DESIGN, 'LUNCH'), ['mentioned'], false);
    expect(input).toMatchObject({
      message: {
        id: 500,
        type: 'stream',
        stream_id: DESIGN,
        topic: 'LUNCH',
        sender_id: ALICE,
        flags: ['mentioned'],
      },
      me: { user_id: ME },
      topicPolicy: 3,
      alreadyDecided: false,
    });
    expect(input.subscription?.name).toBe('design');
    expect(input.settings.enable_desktop_notifications).toBe(true);
    const elsewhere = state.policyInput(channelMessage(501, UNSUBSCRIBED, 'x'), [], true);
    expect(elsewhere.subscription).toBeUndefined();
    expect(elsewhere.alreadyDecided).toBe(true);
  });
});
