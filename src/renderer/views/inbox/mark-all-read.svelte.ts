/**
 * "Mark all as read" for one organization or for every signed-in one (upstream's "Mark all
 * messages as read", which asks first): what the confirmation says, then one call per
 * organization, and what came of it in words beside the button.
 */
import { errorText } from '../../lib/errors.ts';
import type { Invoke } from '../../lib/rpc-port.ts';

export interface Org {
  id: string;
  realmName: string;
  serverUrl: string;
}

export class MarkAllReadModel {
  confirming = $state(false);
  busy = $state(false);
  /** What the last run did, as a sentence. */
  result = $state<string | undefined>();
  failed = $state(false);
  #invoke: Invoke;
  #orgs: () => readonly Org[];

  constructor(invoke: Invoke, orgs: () => readonly Org[]) {
    this.#invoke = invoke;
    this.#orgs = orgs;
  }

  get title(): string {
    const orgs = this.#orgs();
    return orgs.length === 1
      ? `Mark all messages in ${orgs[0]!.realmName} as read?`
      : `Mark all messages in all ${orgs.length} organizations as read?`;
  }

  get consequence(): string {
    return this.#orgs().length === 1
      ? 'Every unread message of this organization becomes read, in every channel, topic and direct message, on all your devices. This cannot be undone in one step.'
      : `Every unread message of ${new Intl.ListFormat('en', { type: 'conjunction' }).format(this.#names())} becomes read, on all your devices. This cannot be undone in one step.`;
  }

  /** Each organization by name, with its URL where two signed-in ones share the name. */
  #names(): string[] {
    const orgs = this.#orgs();
    const count = (name: string) => orgs.filter((o) => o.realmName === name).length;
    return orgs.map((o) =>
      count(o.realmName) > 1 ? `${o.realmName} (${o.serverUrl})` : o.realmName,
    );
  }

  /** The organization named in the confirmation, when there is one. */
  get organization(): { name: string; url: string } | undefined {
    const orgs = this.#orgs();
    return orgs.length === 1 ? { name: orgs[0]!.realmName, url: orgs[0]!.serverUrl } : undefined;
  }

  ask(): void {
    this.result = undefined;
    this.failed = false;
    this.confirming = true;
  }

  cancel(): void {
    this.confirming = false;
  }

  async confirm(): Promise<void> {
    this.confirming = false;
    this.busy = true;
    this.result = undefined;
    this.failed = false;
    const orgs = this.#orgs();
    const problems: string[] = [];
    const queued: string[] = [];
    for (const org of orgs) {
      const name = this.#names()[orgs.indexOf(org)]!;
      try {
        const r = await this.#invoke('inbox.markAllRead', { accountId: org.id });
        if (r.queued) queued.push(name);
      } catch (err) {
        problems.push(`${name}: ${errorText(err)}`);
      }
    }
    this.busy = false;
    this.failed = problems.length > 0;
    // Out of reach, the Core queues it and sends it once the organization is back.
    const later =
      queued.length === 0
        ? ''
        : ` ${queued.join(', ')} ${queued.length === 1 ? 'is' : 'are'} out of reach: marked read when back.`;
    if (problems.length === 0 && queued.length === orgs.length) {
      this.result =
        orgs.length === 1
          ? `Queued until ${queued[0]} is back.`
          : `Every organization is out of reach: all messages will be marked read when each is back.`;
    } else if (problems.length === 0 && queued.length > 0) {
      this.result = `Marked as read where in reach.${later}`;
    } else if (problems.length === 0) {
      this.result =
        orgs.length === 1
          ? 'All messages marked as read.'
          : 'All messages in every organization marked as read.';
    } else {
      const done = orgs.length - problems.length;
      this.result = `${done > 0 ? `Marked read in ${done} of ${orgs.length}; not` : 'Not'} marked as read in ${problems.join('; ')}${later}`;
    }
  }
}
