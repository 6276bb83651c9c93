/**
 * What the message menu does, one function per action, over the Core's channels. Each
 * resolves when the server has accepted the request; the change itself reaches the open
 * list as an event, as it reaches every other client. Refusals reject with the RpcError.
 */
import type { MessageWire, NarrowTermWire } from '../../../../contract/schemas/messages.ts';
import type { EditRules } from '../../../../lib/message-permissions.ts';
import { invoke } from '../../../bridge.ts';
import { insertIntoCompose } from '../compose/insert.ts';
import { messageLink, quoteBlock } from './quote.ts';

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface EditChange {
  content?: string;
  topic?: string;
  streamId?: number;
  propagateMode?: PropagateMode;
}

export interface MessageActions {
  myUserId: number;
  rules: EditRules;
  organization: { name: string; url: string };
  channels: readonly { streamId: number; name: string }[];
  topicName: (topic: string) => string;
  source(m: MessageWire): Promise<string>;
  /** Who has read the message, by name, the reader first. */
  readReceipts(m: MessageWire): Promise<{ userId: number; name: string }[]>;
  edit(m: MessageWire, change: EditChange): Promise<void>;
  remove(m: MessageWire): Promise<void>;
  star(m: MessageWire, on: boolean): Promise<void>;
  /** How many were marked, or null when the answer was lost and the server read back. */
  unreadFrom(m: MessageWire): Promise<number | null>;
  copyLink(m: MessageWire): Promise<string>;
  quote(m: MessageWire): Promise<boolean>;
  /** A reminder of the message at `at` (UNIX seconds), from the notification bot. */
  remind(m: MessageWire, at: number): Promise<void>;
}

/** What MessageRow gives each of its action forms (edit, move, remind). */
export interface ActionFormProps {
  message: MessageWire;
  actions: MessageActions;
  /** Closes the form; `said` is the result to show under the message once it is done. */
  ondone: (said?: string) => void;
}

export function messageActions(
  o: Pick<MessageActions, 'myUserId' | 'rules' | 'organization' | 'channels' | 'topicName'> & {
    accountId: string;
    serverUrl: string;
    narrow: () => readonly NarrowTermWire[];
    /** The view's messages were marked unread: it stops marking them read. */
    markedUnread?: () => void;
  },
): MessageActions {
  const accountId = o.accountId;
  const source = async (m: MessageWire) =>
    (await invoke('messages.source', { accountId, messageId: m.id })).rawContent;
  return {
    myUserId: o.myUserId,
    // Read when an action asks, not copied: a caller that passes them as getters (of the
    // sidebar, which each message patches) keeps one actions object that every drawn row
    // holds, instead of a new one per patch that every row takes in again.
    get rules() {
      return o.rules;
    },
    organization: o.organization,
    get channels() {
      return o.channels;
    },
    topicName: o.topicName,
    source,
    async readReceipts(m) {
      return (await invoke('messages.readReceipts', { accountId, messageId: m.id })).readers;
    },
    async edit(m, change) {
      await invoke('messages.edit', { accountId, messageId: m.id, ...change });
    },
    async remove(m) {
      await invoke('messages.delete', { accountId, messageId: m.id });
    },
    async star(m, on) {
      await invoke('messages.star', { accountId, messageId: m.id, starred: on });
    },
    async unreadFrom(m) {
      const narrow = [...o.narrow()];
      const { count } = await invoke('messages.unreadFrom', { accountId, messageId: m.id, narrow });
      o.markedUnread?.();
      return count;
    },
    async remind(m, at) {
      await invoke('messages.remind', { accountId, messageId: m.id, at });
    },
    async copyLink(m) {
      const link = messageLink(o.serverUrl, m);
      await navigator.clipboard.writeText(link);
      return link;
    },
    async quote(m) {
      return insertIntoCompose(quoteBlock(o.serverUrl, m, await source(m)), { replyTo: m });
    },
  };
}
