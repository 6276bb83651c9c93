/**
 * Messaging of one running server: the store and the Markdown renderer, sending (flags,
 * `message` events, outgoing webhooks) and per-viewer formatting. Edits are in edit.ts.
 * One instance per server context, reached with `messaging(ctx)`, so the routes, the
 * demo generator and the register handler share it without widening the context.
 */
import { perContext, type ServerContext } from '../context.ts';
import { EventQueues } from '../events/queues.ts';
import { MarkdownRenderer } from '../markdown/render.ts';
import type { UserRecord } from '../state/types.ts';
import { dispatchOutgoingWebhooks } from '../webhooks/outgoing.ts';
import { canReadChannelHistory } from './access.ts';
import { formatMessage, type FormatOptions } from './format.ts';
import { computeFlags } from './recipients.ts';
import { MessageStore } from './store.ts';
import { activeRealmEmojiNamed, emojiSourceUrl } from '../emoji/realm-emoji.ts';
import type { StoredMessage } from './types.ts';
import { attachWidget } from '../widgets/widget-data.ts';

export interface SendInput {
  sender: UserRecord;
  /** A channel message when set; otherwise a direct message to `dmUserIds`. */
  streamId?: number;
  topic?: string;
  dmUserIds?: number[];
  content: string;
  /** The sending client's name (spec 2.2); messages the server writes itself say "Internal". */
  client?: string;
  /** UNIX seconds; defaults to now. */
  timestamp?: number;
  /**
   * The sending client's local echo (upstream send-message `queue_id` and `local_id`): its
   * own queue gets `local_message_id` in the message event, so it can match its pending copy.
   */
  localEcho?: { queueId: string; localId: string };
}

export class Messaging {
  readonly store = new MessageStore();
  readonly renderer: MarkdownRenderer;

  constructor(readonly ctx: ServerContext) {
    const { state } = ctx;
    const asMentioned = (u: UserRecord | undefined) =>
      u?.is_active ? { id: u.user_id, full_name: u.full_name } : undefined;
    this.renderer = new MarkdownRenderer(
      {
        userByName: (name) => {
          const wanted = name.toLowerCase();
          for (const u of state.users.values())
            if (u.is_active && u.full_name.toLowerCase() === wanted) return asMentioned(u);
          return undefined;
        },
        userById: (id) => asMentioned(state.users.get(id)),
        groupByName: (name) => {
          for (const g of state.userGroups.values())
            if (!g.deactivated && g.name === name) return g;
          return undefined;
        },
        customEmojiUrl: (name) => {
          const e = activeRealmEmojiNamed(state, name);
          return e && emojiSourceUrl(e);
        },
        channelByName: (name) => {
          const c = state.channelByName(name);
          return c && { id: c.stream_id, name: c.name };
        },
      },
      () => state.linkifiers.values(),
    );
  }

  /** The server's event sink, read at each use because index.ts installs it after startup. */
  get events(): ServerContext['events'] {
    return this.ctx.events;
  }

  get state(): ServerContext['state'] {
    return this.ctx.state;
  }

  now(): number {
    return Math.floor(this.ctx.clock.now() / 1000);
  }

  /**
   * Stores a message, gives each recipient their flags and queues the `message` events.
   * `recipientIds` may be passed by callers that already know the audience (the demo
   * generator); by default it is the channel's subscribers or the DM's participants.
   */
  send(input: SendInput, recipientIds?: Iterable<number>): StoredMessage {
    const rendered = this.renderer.render(input.content, renderOptionsOf(input.sender));
    const dm =
      input.streamId === undefined
        ? [...new Set([...(input.dmUserIds ?? []), input.sender.user_id])]
        : null;
    const message: StoredMessage = {
      id: this.store.nextId,
      sender_id: input.sender.user_id,
      type: dm ? 'private' : 'stream',
      stream_id: input.streamId ?? null,
      topic: dm ? '' : (input.topic ?? ''),
      dm_user_ids: dm ? dm.sort((a, b) => a - b) : null,
      content: input.content,
      rendered: rendered.html,
      is_me_message: rendered.isMeMessage,
      mentions: rendered.mentions,
      timestamp: input.timestamp ?? this.now(),
      client: input.client ?? 'Internal',
      reactions: [],
      submessages: [],
      edit_history: [],
    };
    attachWidget(message);
    // The sender always keeps a copy, subscribed or not.
    const audience = new Set(recipientIds ?? this.defaultRecipients(message));
    audience.add(input.sender.user_id);
    const flags = computeFlags(this.ctx.state, this.store, message, audience);
    const stored = this.store.add(message, flags);
    if (this.ctx.events instanceof EventQueues) {
      this.ctx.events.emitMessage(
        stored,
        flags,
        (format, viewerId) => this.formatFor(viewerId, stored, format),
        input.localEcho,
      );
    }
    dispatchOutgoingWebhooks(this.ctx, stored, (bot, content) =>
      this.replyAsBot(bot, stored, content),
    );
    return stored;
  }

  /** Users whose history holds the message: the audience of its reactions and edits. */
  usersWithMessage(messageId: number): number[] {
    const out: number[] = [];
    for (const userId of this.ctx.state.users.keys()) {
      if (this.store.history(userId).indexOf(messageId) >= 0) out.push(userId);
    }
    return out;
  }

  /** Whether the viewer may read a message they never received. */
  canReadWithoutCopy(viewer: UserRecord, message: StoredMessage): boolean {
    return (
      message.stream_id !== null && canReadChannelHistory(this.ctx.state, viewer, message.stream_id)
    );
  }

  formatFor(
    viewerId: number,
    message: StoredMessage,
    format: FormatOptions,
  ): Record<string, unknown> {
    const viewer = this.ctx.state.users.get(viewerId);
    if (!viewer) throw new Error(`unknown viewer ${viewerId}`);
    return formatMessage(this.ctx, this.store, viewer, message, format);
  }

  private defaultRecipients(message: StoredMessage): number[] {
    if (message.dm_user_ids) return message.dm_user_ids;
    return this.ctx.state.subscribersOf(message.stream_id ?? 0);
  }

  private replyAsBot(bot: UserRecord, to: StoredMessage, content: string): void {
    if (!bot.is_active) return;
    if (to.stream_id !== null) {
      this.send({
        sender: bot,
        streamId: to.stream_id,
        topic: to.topic,
        content,
        client: 'OutgoingWebhookResponse',
      });
    } else {
      this.send({
        sender: bot,
        dmUserIds: to.dm_user_ids ?? [],
        content,
        client: 'OutgoingWebhookResponse',
      });
    }
  }
}

export const messaging = perContext((ctx) => new Messaging(ctx));

/** What of the author's own settings changes how their Markdown renders. */
export function renderOptionsOf(author: UserRecord): { translateEmoticons: boolean } {
  return { translateEmoticons: author.settings.translate_emoticons === true };
}
