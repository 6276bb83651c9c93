/**
 * The Invitations panel's traffic with the Core: sending invitations by email (upstream
 * send-invites), the list of pending invitations and reusable links with revoke and resend
 * (upstream get-invites, revoke-email-invite, revoke-invite-link, resend-email-invite), and
 * creating a reusable link (upstream create-invite-link). The panel keeps the form.
 */
import type { ArgsIn } from '../../../../contract/contract.ts';
import { RpcError } from '../../../../contract/errors.ts';
import type { InviteRowWire } from '../../../../contract/schemas/admin-invites.ts';
import type { AdminConsole } from '../admin-console.ts';
import { inviteResults, type InviteResults } from '../rules/invite-results.ts';

export type InviteRequest = Omit<ArgsIn<'adminOrg.invite'>, 'accountId' | 'inviteeEmails'>;
export type LinkRequest = Omit<ArgsIn<'adminInvites.createLink'>, 'accountId'>;

/** What became of a batch: all sent, or some refused with the addresses worth another try. */
export type SendOutcome = { kind: 'sent' } | { kind: 'partly'; retry: string[] };

/** Result kinds worth another try: typos to fix and addresses never judged. */
const RETRY: string[] = ['invalid', 'not-sent', 'limit'];

export class InvitationsModel {
  readonly admin: AdminConsole;
  busy = $state(false);
  /** A refusal of the whole batch (not the per-address kind). */
  error = $state<unknown>();
  /** Parameters the server ignored, named so the user knows they had no effect. */
  ignored = $state<string[]>([]);
  results = $state<InviteResults | undefined>();
  resultDetails = $state<string | undefined>();
  /** Bumped after each batch or new link, so the list shows what was just sent. */
  listVersion = $state(0);

  constructor(admin: AdminConsole) {
    this.admin = admin;
  }

  /** Sends to the valid addresses `sent`; `skipped` are the ones the form found invalid. */
  async send(
    request: InviteRequest,
    sent: string[],
    skipped: string[],
  ): Promise<SendOutcome | undefined> {
    this.busy = true;
    this.error = undefined;
    this.results = undefined;
    this.resultDetails = undefined;
    try {
      const result = await this.admin.rpc.invoke('adminOrg.invite', {
        accountId: this.admin.accountId,
        inviteeEmails: sent.join('\n'),
        ...request,
      });
      this.ignored = result.ignoredParameters;
      this.results = inviteResults({ sent, skipped });
      this.listVersion++;
      return { kind: 'sent' };
    } catch (err) {
      if (err instanceof RpcError && err.apiCode === 'INVITATION_FAILED') {
        const results = inviteResults({ sent, skipped, details: err.details });
        this.results = results;
        this.resultDetails = `${err.apiCode} · ${err.message}`;
        this.listVersion++;
        const retry = results.rows.filter((r) => RETRY.includes(r.kind)).map((r) => r.address);
        return { kind: 'partly', retry };
      }
      this.error = err;
      return undefined;
    } finally {
      this.busy = false;
    }
  }

  /** A new reusable link's address. */
  async createLink(request: LinkRequest): Promise<string> {
    const { linkUrl } = await this.admin.rpc.invoke('adminInvites.createLink', {
      accountId: this.admin.accountId,
      ...request,
    });
    this.listVersion++;
    return linkUrl;
  }
}

const keyOf = (i: InviteRowWire) => `${i.isLink ? 'link' : 'email'}:${i.id}`;
const what = (i: InviteRowWire) =>
  i.isLink ? 'the reusable invitation link' : `the invitation to ${i.email}`;

/** Pending invitations and reusable links, and what revoking or resending one did. */
export class InviteListModel {
  readonly admin: AdminConsole;
  invites = $state<InviteRowWire[] | undefined>();
  loadError = $state<unknown>();
  loading = $state(false);
  /** When the list was fetched: expiries are said relative to it. */
  now = $state(Date.now());
  /** The last action's result, shown on the entry it concerned (`list`: above the list). */
  acted = $state<{ key: string; done?: string; error?: unknown } | undefined>();
  busyKey = $state<string | undefined>();
  readonly keyOf = keyOf;
  readonly what = what;

  constructor(admin: AdminConsole) {
    this.admin = admin;
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const { invites } = await this.admin.rpc.invoke('adminInvites.list', {
        accountId: this.admin.accountId,
      });
      this.invites = invites;
      this.loadError = undefined;
      this.now = Date.now();
    } catch (err) {
      this.loadError = err;
    } finally {
      this.loading = false;
    }
  }

  /** Revoking is destructive: the list asks first (ConfirmDialog) and only then calls this. */
  async act(i: InviteRowWire, action: 'revoke' | 'resend'): Promise<void> {
    const key = keyOf(i);
    this.busyKey = key;
    this.acted = undefined;
    try {
      await this.admin.rpc.invoke(
        action === 'revoke' ? 'adminInvites.revoke' : 'adminInvites.resend',
        { accountId: this.admin.accountId, inviteId: i.id, isLink: i.isLink },
      );
      await this.load();
      this.acted = {
        key: action === 'revoke' ? 'list' : key,
        done:
          action === 'revoke' ? `Revoked ${what(i)}.` : `Sent the invitation to ${i.email} again.`,
      };
    } catch (error) {
      // The server refused: show the list as it is now, and the refusal on the entry, or
      // above the list when the entry is gone (someone else revoked it meanwhile).
      await this.load();
      this.acted = { key: this.invites?.some((x) => keyOf(x) === key) ? key : 'list', error };
    } finally {
      this.busyKey = undefined;
    }
  }
}
