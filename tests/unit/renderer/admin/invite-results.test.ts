import { describe, expect, it } from 'vitest';
import { inviteResults } from '../../../../src/renderer/views/admin/rules/invite-results.ts';
import {
  relativeExpiry,
  whyCannotManage,
} from '../../../../src/renderer/views/admin/rules/invite-list.ts';

const kinds = (r: ReturnType<typeof inviteResults>) => r.rows.map((x) => [x.address, x.kind]);

describe('invitation results', () => {
  it('all sent reads as a success', () => {
    const r = inviteResults({ sent: ['a@x.org', 'b@x.org'], skipped: [] });
    expect(r.summary).toBe('Invitation sent to a@x.org, b@x.org.');
    const many = ['a', 'b', 'c', 'd'].map((x) => `${x}@x.org`);
    expect(inviteResults({ sent: many, skipped: [] }).summary).toBe('Sent to 4 addresses.');
    expect(r.failed).toBe(false);
  });

  it('a partial success names each address not sent and why', () => {
    const r = inviteResults({
      sent: ['a@x.org', 'taken@x.org', 'gone@x.org'],
      skipped: ['oops'],
      details: {
        errors: [
          ['taken@x.org', 'Already has an account.', false],
          ['gone@x.org', 'Account has been deactivated.', true],
        ],
        sent_invitations: true,
      },
    });
    expect(r.summary).toBe('Sent to 1 address; not sent to 3:');
    expect(r.failed).toBe(false);
    expect(kinds(r)).toEqual([
      ['a@x.org', 'sent'],
      ['taken@x.org', 'has-account'],
      ['gone@x.org', 'deactivated'],
      ['oops', 'invalid'],
    ]);
  });

  it('the daily limit and a server-refused address stop every invitation', () => {
    const limit = inviteResults({
      sent: ['a@x.org', 'b@x.org'],
      skipped: [],
      details: { errors: [], sent_invitations: false, daily_limit_reached: true },
    });
    expect(limit.summary).toBe('Not sent to any of the 2 addresses:');
    expect(limit.failed).toBe(true);
    expect(kinds(limit)).toEqual([
      ['a@x.org', 'limit'],
      ['b@x.org', 'limit'],
    ]);
    const refused = inviteResults({
      sent: ['a@x.org', 'b@x.local'],
      skipped: [],
      details: { errors: [['b@x.local', 'Invalid address.', false]], sent_invitations: false },
    });
    expect(kinds(refused)).toEqual([
      ['a@x.org', 'not-sent'],
      ['b@x.local', 'invalid'],
    ]);
    expect(refused.rows[0]?.outcome).toMatch(/none of a batch with an invalid address/);
  });
});

describe('the invitation list', () => {
  const me = (userId: number, role: number) => ({ userId, role });

  it('lets people manage their own, admins others’, and only owners owner invitations', () => {
    const byOther = { invitedById: 9, invitedAs: 400 };
    const ownerInvite = { invitedById: 9, invitedAs: 100 };
    expect(whyCannotManage({ invitedById: 5, invitedAs: 400 }, me(5, 400))).toBeUndefined();
    expect(whyCannotManage(byOther, me(5, 400))).toMatch(/Only administrators/);
    expect(whyCannotManage(byOther, me(5, 200))).toBeUndefined();
    expect(whyCannotManage(ownerInvite, me(5, 200))).toMatch(/Only an owner/);
    expect(whyCannotManage(ownerInvite, me(5, 100))).toBeUndefined();
  });

  it('says when an invitation expires in the largest whole unit', () => {
    const now = 1_000_000_000_000;
    expect(relativeExpiry(now + 10 * 86_400_000, now)).toBe('in 10 days');
    expect(relativeExpiry(now + 10 * 86_400_000 - 2000, now)).toBe('in 10 days');
    expect(relativeExpiry(now + 3_600_000 + 5, now)).toBe('in 1 hour');
    expect(relativeExpiry(now + 30_000, now)).toBe('in less than a minute');
    expect(relativeExpiry(now - 1, now)).toBe('expired');
  });
});
