import { describe, expect, it } from 'vitest';
import {
  organizationHealth,
  type HealthInput,
  type HealthUser,
} from '../../../../src/core/admin/health.ts';
import { initialDefaults } from '../../../../src/lib/personal-settings.ts';

const NOW = Date.UTC(2026, 10, 25, 12);
const HOUR = 3_600_000;

const person = (userId: number, fullName: string, role = 400, more: Partial<HealthUser> = {}) => ({
  userId,
  fullName,
  role,
  isActive: true,
  isBot: false,
  botOwnerId: null,
  ...more,
});

/** A healthy organization: every check passes. */
function clean(): HealthInput {
  return {
    nowMs: NOW,
    users: [
      person(1, 'Olive Owner', 100),
      person(2, 'Ada Admin', 200),
      person(3, 'Mo Moderator', 300),
      person(4, 'Mia Member'),
      person(5, 'Gus Guest', 600),
      person(6, 'Build Bot', 400, { isBot: true, botOwnerId: 2 }),
    ],
    groups: [
      { name: 'role:members', members: [1, 2, 3, 4], isSystemGroup: true },
      { name: 'support', members: [2, 4], isSystemGroup: false },
    ],
    invites: [
      { email: 'new@perch.test', linkUrl: null, expiresAtMs: NOW + 5 * 24 * HOUR },
      { email: 'forever@perch.test', linkUrl: null, expiresAtMs: null },
    ],
    channels: [{ name: 'general', subscriberCount: 5, isArchived: false }],
    linkifiers: [{ pattern: '#(?P<id>[0-9]+)', urlTemplate: 'https://tracker/{id}' }],
    defaults: initialDefaults(),
  };
}

describe('organizationHealth', () => {
  it('finds nothing in a clean organization and counts people by role', () => {
    const report = organizationHealth(clean());
    expect(report.findings).toEqual([]);
    expect(report.unchecked).toEqual([]);
    expect(report.roles).toEqual({
      owner: 1,
      administrator: 1,
      moderator: 1,
      member: 1,
      guest: 1,
      bots: 1,
      deactivated: 0,
    });
  });

  it('counts deactivated people and bots apart from the roles', () => {
    const input = clean();
    input.users = [
      ...input.users,
      person(7, 'Old Owner', 100, { isActive: false }),
      person(8, 'Old Bot', 400, { isActive: false, isBot: true, botOwnerId: 1 }),
    ];
    expect(organizationHealth(input).roles).toMatchObject({ owner: 1, bots: 1, deactivated: 2 });
  });

  it('names a deactivated user still in groups, with each group by its display name', () => {
    const input = clean();
    input.users = input.users.map((u) => (u.userId === 4 ? { ...u, isActive: false } : u));
    expect(organizationHealth(input).findings).toEqual([
      { kind: 'deactivated-in-groups', user: 'Mia Member', groups: ['Members', 'support'] },
    ]);
  });

  it('does not report a deactivated user who left every group', () => {
    const input = clean();
    input.users = [...input.users, person(9, 'Gone', 400, { isActive: false })];
    expect(organizationHealth(input).findings).toEqual([]);
  });

  it('reports an active bot whose owner is deactivated, naming the owner', () => {
    const input = clean();
    input.users = input.users.map((u) => (u.userId === 2 ? { ...u, isActive: false } : u));
    input.groups = [];
    expect(organizationHealth(input).findings).toEqual([
      { kind: 'bot-without-owner', bot: 'Build Bot', owner: 'Ada Admin' },
    ]);
  });

  it('reports an active bot with no owner, or an owner the organization does not list', () => {
    const input = clean();
    input.users = [
      ...input.users,
      person(10, 'Lonely Bot', 400, { isBot: true, botOwnerId: null }),
      person(11, 'Stray Bot', 400, { isBot: true, botOwnerId: 999 }),
      person(12, 'Retired Bot', 400, { isBot: true, botOwnerId: null, isActive: false }),
    ];
    expect(organizationHealth(input).findings).toEqual([
      { kind: 'bot-without-owner', bot: 'Lonely Bot', owner: null },
      { kind: 'bot-without-owner', bot: 'Stray Bot', owner: null },
    ]);
  });

  it('lists invitations and links expiring within a day, soonest first', () => {
    const input = clean();
    input.invites = [
      ...(input.invites ?? []),
      { email: 'late@perch.test', linkUrl: null, expiresAtMs: NOW + 23 * HOUR },
      { email: null, linkUrl: 'https://chat/join/abc/', expiresAtMs: NOW + 2 * HOUR },
      { email: 'edge@perch.test', linkUrl: null, expiresAtMs: NOW + 24 * HOUR },
      { email: 'past@perch.test', linkUrl: null, expiresAtMs: NOW - HOUR },
      { email: 'tomorrow@perch.test', linkUrl: null, expiresAtMs: NOW + 25 * HOUR },
    ];
    expect(organizationHealth(input).findings).toEqual([
      {
        kind: 'invite-expiring',
        invitee: null,
        linkUrl: 'https://chat/join/abc/',
        expiresAtMs: NOW + 2 * HOUR,
      },
      {
        kind: 'invite-expiring',
        invitee: 'late@perch.test',
        linkUrl: null,
        expiresAtMs: NOW + 23 * HOUR,
      },
      {
        kind: 'invite-expiring',
        invitee: 'edge@perch.test',
        linkUrl: null,
        expiresAtMs: NOW + 24 * HOUR,
      },
    ]);
  });

  it('says invitations were not checked when they could not be listed', () => {
    const input = clean();
    input.invites = null;
    const report = organizationHealth(input);
    expect(report.findings).toEqual([]);
    expect(report.unchecked).toEqual(['invitations']);
  });

  it('reports channels nobody is subscribed to, but not archived ones', () => {
    const input = clean();
    input.channels = [
      ...input.channels,
      { name: 'empty room', subscriberCount: 0, isArchived: false },
      { name: 'old room', subscriberCount: 0, isArchived: true },
    ];
    expect(organizationHealth(input).findings).toEqual([
      { kind: 'channel-without-subscribers', channel: 'empty room' },
    ]);
  });

  it('does not judge a channel whose subscriber count the server does not give', () => {
    const input = clean();
    input.channels = [{ name: 'unknown', subscriberCount: null, isArchived: false }];
    const report = organizationHealth(input);
    expect(report.findings).toEqual([]);
    expect(report.unchecked).toEqual(['channel subscribers']);
  });

  it('reports linkifiers whose pattern RE2 refuses, with the reason', () => {
    const input = clean();
    input.linkifiers = [
      ...input.linkifiers,
      { pattern: '(?P<n>[a-z]+)-\\1', urlTemplate: 'https://x/{n}' },
      { pattern: '(?<=#)(?P<n>\\d+)', urlTemplate: 'https://y/{n}' },
    ];
    const findings = organizationHealth(input).findings;
    expect(findings.map((f) => f.kind === 'linkifier-refused' && f.pattern)).toEqual([
      '(?P<n>[a-z]+)-\\1',
      '(?<=#)(?P<n>\\d+)',
    ]);
    expect(findings[0]).toMatchObject({ reason: expect.stringMatching(/backreferences/) });
    expect(findings[1]).toMatchObject({ reason: expect.stringMatching(/lookbehind/) });
  });

  it('reports defaults that differ from the built-in ones, with both values', () => {
    const input = clean();
    input.defaults = { ...initialDefaults(), color_scheme: 2, enter_sends: true };
    expect(organizationHealth(input).findings).toEqual([
      { kind: 'default-changed', setting: 'color_scheme', value: 2, builtIn: 1 },
      { kind: 'default-changed', setting: 'enter_sends', value: true, builtIn: false },
    ]);
  });

  it('reads an older server\'s "recent_topics" and an automatic 24-hour time as built-in', () => {
    const input = clean();
    input.defaults = {
      ...initialDefaults(),
      web_home_view: 'recent_topics',
      twenty_four_hour_time: null,
    };
    const report = organizationHealth(input);
    expect(report.findings).toEqual([
      { kind: 'default-changed', setting: 'web_home_view', value: 'recent', builtIn: 'inbox' },
    ]);
  });

  it('does not report settings the server does not send', () => {
    const input = clean();
    input.defaults = { color_scheme: 1 };
    expect(organizationHealth(input).findings).toEqual([]);
  });
});
