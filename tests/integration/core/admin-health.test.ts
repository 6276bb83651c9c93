/**
 * The organization health view over real HTTP: an organization in the reference server with
 * each problem the view looks for, and the Core's `adminHealth.report` naming every one.
 * Problems the server itself prevents (a deactivated user still in a group, a linkifier it
 * would refuse) are made by editing its state directly.
 */
import { describe, expect, it } from 'vitest';
import { sendInvites } from '../../../src/api/routes/invites.ts';
import { updateUserSettingsDefaults } from '../../../src/api/routes/settings.ts';
import type { Result } from '../../../src/contract/contract.ts';
import type { ServerUser } from '../../../src/server/index.ts';
import { addChannel } from '../../../src/server/state/factory.ts';
import { useCoreAndServer } from '../support/core-server.ts';
import { apiClient, person } from './sync/harness.ts';

type Report = Result<'adminHealth.report'>;
const HOUR = 3_600_000;

describe('adminHealth.report against the reference server', () => {
  const t = useCoreAndServer({ manualClock: true });

  async function reportAs(user: ServerUser): Promise<Report> {
    const accountId = await t.signIn(user);
    return t.call<Report>('adminHealth.report', { accountId });
  }

  it('finds nothing in a clean organization and counts its people by role', async () => {
    const report = await reportAs(person(t.server, 'owner'));
    expect(report.findings).toEqual([]);
    expect(report.unchecked).toEqual([]);
    expect(report.realmName).toBe(t.server.state.realm.name);
    expect(report.roles).toEqual({
      owner: 1,
      administrator: 1,
      moderator: 1,
      member: 2,
      guest: 1,
      bots: 4,
      deactivated: 1,
    });
  });

  it('names each problem of an unhealthy organization, for an owner and an administrator', async () => {
    const owner = person(t.server, 'owner');
    const ownerApi = apiClient(t.server.url, owner, t.clock);
    const { state } = t.server;

    // Bots whose owner is deactivated (the proper way), and one with no owner at all.
    const mel = person(t.server, 'member');
    t.server.deactivateUser(mel.user_id);
    const embedded = [...state.users.values()].find((u) => u.full_name === 'Embedded Bot');
    if (embedded) embedded.bot_owner_id = null;

    // An invitation that expires within the hour, and one that has ten days left.
    await sendInvites(ownerApi, {
      invitee_emails: 'soon@perch.test',
      invite_expires_in_minutes: 60,
      stream_ids: [],
    });
    await sendInvites(ownerApi, { invitee_emails: 'later@perch.test', stream_ids: [] });

    addChannel(state, { name: 'empty room', date_created: 0 });

    // A pattern from before the server checked with RE2: a backreference.
    const id = state.nextId('linkifier');
    state.linkifiers.set(id, {
      id,
      pattern: '(?P<word>[a-z]+)-\\1',
      url_template: 'https://example.com/{word}',
      reverse_template: null,
      alternative_url_templates: [],
    });

    await updateUserSettingsDefaults(ownerApi, { color_scheme: 2 });

    for (const who of [owner, person(t.server, 'admin')]) {
      const report = await reportAs(who);
      expect(report.findings).toEqual([
        { kind: 'bot-without-owner', bot: 'Generic Bot', owner: 'Mel Member' },
        { kind: 'bot-without-owner', bot: 'Incoming Webhook Bot', owner: 'Mel Member' },
        { kind: 'bot-without-owner', bot: 'Outgoing Webhook Bot', owner: 'Mel Member' },
        { kind: 'bot-without-owner', bot: 'Embedded Bot', owner: null },
        {
          kind: 'invite-expiring',
          invitee: 'soon@perch.test',
          linkUrl: null,
          expiresAtMs: t.clock.now() + HOUR,
        },
        { kind: 'channel-without-subscribers', channel: 'empty room' },
        {
          kind: 'linkifier-refused',
          pattern: '(?P<word>[a-z]+)-\\1',
          urlTemplate: 'https://example.com/{word}',
          reason: expect.stringContaining('backreferences are not supported'),
        },
        { kind: 'default-changed', setting: 'color_scheme', value: 2, builtIn: 1 },
      ]);
      expect(report.roles).toMatchObject({ member: 1, deactivated: 2 });
    }
  });

  it('names a deactivated user a server before FL 303 still lists in groups', async () => {
    const server = await t.replaceServer({ featureLevel: 302 });
    // Upstream kept the memberships of a deactivated user before FL 303 and listed them.
    const max = server.state.users.get(person(t.server, 'member2').user_id);
    if (!max) throw new Error('no Max Member');
    max.is_active = false;
    const support = [...server.state.userGroups.values()].find((g) => g.name === 'support');
    support?.members.add(max.user_id);

    const report = await reportAs(person(t.server, 'owner'));
    expect(report.findings).toEqual([
      { kind: 'deactivated-in-groups', user: 'Max Member', groups: ['Members', 'support'] },
    ]);
  });

  it('a deactivated user the server no longer lists as a member is not reported', async () => {
    const max = t.server.state.users.get(person(t.server, 'member2').user_id);
    if (max) max.is_active = false;
    expect((await reportAs(person(t.server, 'owner'))).findings).toEqual([]);
  });

  it('an invitation stops being reported once it has expired', async () => {
    const owner = person(t.server, 'owner');
    await sendInvites(apiClient(t.server.url, owner, t.clock), {
      invitee_emails: 'soon@perch.test',
      invite_expires_in_minutes: 30,
      stream_ids: [],
    });
    expect((await reportAs(owner)).findings).toHaveLength(1);
    await t.clock.advance(31 * 60_000);
    expect((await reportAs(owner)).findings).toEqual([]);
  });

  it('a guest cannot list invitations: the view says invitations went unchecked', async () => {
    const report = await reportAs(person(t.server, 'guest'));
    expect(report.unchecked).toEqual(['invitations']);
  });
});
