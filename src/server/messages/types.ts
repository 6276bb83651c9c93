/** Messages as the store keeps them; wire shapes are built from these by format.ts. */
import type { Mentions } from '../markdown/render.ts';

export interface ReactionRecord {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  user_id: number;
}

export interface EditRecord {
  user_id: number | null;
  timestamp: number;
  prev_content?: string;
  prev_rendered_content?: string;
  prev_stream?: number;
  stream?: number;
  prev_topic?: string;
  topic?: string;
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
  /** Newest first, as the wire wants it. */
  edit_history: EditRecord[];
  last_edit_timestamp?: number;
  last_moved_timestamp?: number;
}
