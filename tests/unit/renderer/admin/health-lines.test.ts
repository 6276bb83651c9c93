import { describe, expect, it } from 'vitest';
import { fixPanel } from '../../../../src/renderer/views/admin/health/fix-panel.ts';
import {
  findingText,
  fromNow,
  listOf,
  rolesText,
} from '../../../../src/renderer/views/admin/health/finding-text.ts';

const NOW = Date.UTC(2026, 10, 25, 12);
const panel = (id: string, label: string) => ({ id, label });

describe('fixPanel', () => {
  it('links to the panel that fixes a finding when the role can open it', () => {
    const open = [panel('invitations', 'Invitations'), panel('defaults', 'Defaults for new users')];
    expect(fixPanel('invite-expiring', open)).toEqual(panel('invitations', 'Invitations'));
    expect(fixPanel('default-changed', open)?.label).toBe('Defaults for new users');
    expect(fixPanel('linkifier-refused', open)).toBeUndefined();
  });

  it('prefers the people list and the channel list, and falls back to the closest panel', () => {
    const today = [panel('users', 'Users'), panel('subscriptions', 'Subscriptions')];
    expect(fixPanel('bot-without-owner', today)?.id).toBe('users');
    expect(fixPanel('channel-without-subscribers', today)?.id).toBe('subscriptions');
    const later = [...today, panel('people', 'People'), panel('channels', 'Channels')];
    expect(fixPanel('bot-without-owner', later)?.id).toBe('people');
    expect(fixPanel('roles', later)?.id).toBe('people');
    expect(fixPanel('channel-without-subscribers', later)?.id).toBe('channels');
  });
});

describe('health sentences', () => {
  it('joins names as a person would say them', () => {
    expect(listOf(['support'])).toBe('support');
    expect(listOf(['Members', 'support'])).toBe('Members and support');
    expect(listOf(['a', 'b', 'c'])).toBe('a, b and c');
  });

  it('says how soon in hours, or in minutes under an hour', () => {
    expect(fromNow(NOW + 2 * 3_600_000, NOW)).toBe('in 2 hours');
    expect(fromNow(NOW + 40 * 60_000, NOW)).toBe('in 40 minutes');
  });

  it('names a bot and its deactivated owner, or says it has none', () => {
    expect(findingText({ kind: 'bot-without-owner', bot: 'Build Bot', owner: 'Ada' }, NOW)).toBe(
      'Build Bot belongs to Ada, who is deactivated.',
    );
    expect(findingText({ kind: 'bot-without-owner', bot: 'Build Bot', owner: null }, NOW)).toBe(
      'Build Bot has no owner.',
    );
  });

  it('names an invitation by its address, a reusable link by its URL', () => {
    const at = NOW + 3 * 3_600_000;
    const email = { kind: 'invite-expiring', invitee: 'a@x.test', linkUrl: null, expiresAtMs: at };
    expect(findingText(email as never, NOW)).toMatch(
      /^The invitation to a@x\.test expires in 3 hours \(/,
    );
    const link = {
      kind: 'invite-expiring',
      invitee: null,
      linkUrl: 'https://x/join/k/',
      expiresAtMs: at,
    };
    expect(findingText(link as never, NOW)).toMatch(
      /^The invitation link https:\/\/x\/join\/k\/ expires in 3 hours/,
    );
  });

  it('shows a changed default by its label and the meaning of both values', () => {
    expect(
      findingText({ kind: 'default-changed', setting: 'color_scheme', value: 2, builtIn: 1 }, NOW),
    ).toBe('Color scheme: Dark (built-in: Automatic).');
    expect(
      findingText(
        { kind: 'default-changed', setting: 'enter_sends', value: true, builtIn: false },
        NOW,
      ),
    ).toBe('Enter sends the message: On (built-in: Off).');
  });

  it('counts people by role in words', () => {
    expect(
      rolesText({
        owner: 1,
        administrator: 2,
        moderator: 0,
        member: 5,
        guest: 1,
        bots: 3,
        deactivated: 1,
      }),
    ).toBe(
      '1 owner · 2 administrators · 0 moderators · 5 members · 1 guest · 3 bots · 1 deactivated',
    );
  });
});
