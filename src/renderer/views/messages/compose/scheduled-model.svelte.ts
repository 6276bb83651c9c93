/**
 * One account's scheduled messages for compose and its list: scheduling the draft, editing
 * one (its text and time come back into compose), sending one now, cancelling one. The list
 * follows `scheduled.changed`, so a message the server sent at its time leaves it. Results
 * go beside the list; errors stay with the row that asked.
 */
import type { SendTo } from '../../../../contract/schemas/messages.ts';
import type { ScheduledWire } from '../../../../contract/schemas/scheduled.ts';
import { errorText } from '../../../lib/errors.ts';
import type { RpcPort } from '../../../lib/rpc-port.ts';

export type Scheduled = ScheduledWire;

export class ScheduledModel {
  readonly #rpc: RpcPort;
  readonly accountId: string;
  items = $state<Scheduled[]>([]);
  loaded = $state(false);
  /** Why the list could not be loaded, as a sentence. */
  loadError = $state<string | undefined>();
  /** What became of the last send now or cancel, once its row has gone. */
  notice = $state<string | undefined>();
  /** Why the last action on a message failed, by its id, for its row. */
  errors = $state<Record<number, string>>({});
  /** The scheduled message compose is editing, if any: Schedule then changes it. */
  editing = $state<Scheduled | undefined>();
  #stop: (() => void) | undefined;

  constructor(rpc: RpcPort, accountId: string) {
    this.#rpc = rpc;
    this.accountId = accountId;
  }

  /** Loads the list and keeps it live until `close`. */
  open(): void {
    if (!this.#stop)
      this.#stop = this.#rpc.on('scheduled.changed', ({ accountId }) => {
        if (accountId === this.accountId) void this.load();
      });
    void this.load();
  }

  close(): void {
    this.#stop?.();
    this.#stop = undefined;
  }

  async load(): Promise<void> {
    try {
      this.items = await this.#rpc.invoke('scheduled.list', { accountId: this.accountId });
      this.loadError = undefined;
    } catch (err) {
      this.loadError = `The scheduled messages could not be loaded: ${errorText(err)}`;
    } finally {
      this.loaded = true;
    }
  }

  /** Schedules the draft, or reschedules the one being edited; undefined, or why not. */
  async schedule(to: SendTo, content: string, at: number): Promise<string | undefined> {
    const editing = this.editing;
    try {
      if (editing)
        await this.#rpc.invoke('scheduled.update', {
          accountId: this.accountId,
          id: editing.id,
          to,
          content,
          at,
        });
      else
        await this.#rpc.invoke('scheduled.create', { accountId: this.accountId, to, content, at });
      this.editing = undefined;
      void this.load();
      return undefined;
    } catch (err) {
      return `The message was not scheduled: ${errorText(err)}`;
    }
  }

  /** Compose takes its text and conversation; Schedule then changes this one. */
  edit(item: Scheduled): void {
    this.editing = item;
  }

  stopEditing(): void {
    this.editing = undefined;
  }

  async sendNow(item: Scheduled): Promise<void> {
    await this.#act(item, 'scheduled.sendNow', `Sent to ${item.where}.`, 'was not sent');
  }

  async cancel(item: Scheduled): Promise<void> {
    await this.#act(item, 'scheduled.cancel', 'Cancelled.', 'was not cancelled');
  }

  async #act(
    item: Scheduled,
    channel: 'scheduled.sendNow' | 'scheduled.cancel',
    done: string,
    failed: string,
  ): Promise<void> {
    this.notice = undefined;
    const { [item.id]: _gone, ...rest } = this.errors;
    this.errors = rest;
    try {
      await this.#rpc.invoke(channel, { accountId: this.accountId, id: item.id });
      if (this.editing?.id === item.id) this.editing = undefined;
      this.notice = done;
      this.items = this.items.filter((i) => i.id !== item.id);
    } catch (err) {
      this.errors = { ...this.errors, [item.id]: `The message ${failed}: ${errorText(err)}` };
    }
  }
}
