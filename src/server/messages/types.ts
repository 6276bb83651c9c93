/** Messages as the store keeps them; wire shapes are built from these by format.ts. */
import type { EditHistoryEntry, Reaction } from '../../lib/wire/message.ts';
import type { Mentions } from '../markdown/render.ts';

/** Stored exactly as the wire shows them. */
export type ReactionRecord = Reaction;
export type EditRecord = EditHistoryEntry;

/** A widget's submessage (upstream's `submessages` on a message), as the wire shows it. */
export interface SubmessageRecord {
  id: number;
  message_id: number;
  sender_id: number;
  msg_type: string;
  /** JSON, as the sender wrote it. */
  content: string;
}

export interface StoredMessage {
  id: number;
  sender_id: number;
  type: 'stream' | 'private';
  /** Channel messages only. */
  stream_id: number | null;
  /** '' for direct messages. */
  topic: string;
  /** Direct messages only: every participant, sender included, ascending. */
  dm_user_ids: number[] | null;
  content: string;
  rendered: string;
  is_me_message: boolean;
  mentions: Mentions;
  /** UNIX seconds. */
  timestamp: number;
  client: string;
  reactions: ReactionRecord[];
  /** In the order they were added: a widget replays them from the first. */
  submessages: SubmessageRecord[];
  /** Newest first, as the wire wants it. */
  edit_history: EditRecord[];
  last_edit_timestamp?: number;
  last_moved_timestamp?: number;
}
