/**
 * Each user's drafts kept on the server (upstream's Draft model), for the clients that sync
 * them (the user setting `enable_drafts_synchronization`). Shapes as GET /drafts answers.
 */
import type { ServerState } from '../state/state.ts';

export interface DraftRecord {
  id: number;
  userId: number;
  type: '' | 'stream' | 'private';
  to: number[];
  topic: string;
  content: string;
  /** Unix seconds of the last edit. */
  timestamp: number;
}

const stores = new WeakMap<ServerState, Map<number, DraftRecord>>();

export function draftsOf(state: ServerState): Map<number, DraftRecord> {
  let store = stores.get(state);
  if (!store) {
    store = new Map();
    stores.set(state, store);
  }
  return store;
}

export function presentDraft(d: DraftRecord): Record<string, unknown> {
  return {
    id: d.id,
    type: d.type,
    to: [...d.to],
    topic: d.topic,
    content: d.content,
    timestamp: d.timestamp,
  };
}

/** A user's drafts, oldest edit first as upstream orders them. */
export function userDrafts(state: ServerState, userId: number): Record<string, unknown>[] {
  return [...draftsOf(state).values()]
    .filter((d) => d.userId === userId)
    .sort((a, b) => a.timestamp - b.timestamp || a.id - b.id)
    .map(presentDraft);
}

/** Turning drafts synchronization off deletes the user's drafts kept here (upstream does). */
export function forgetUserDrafts(state: ServerState, userId: number): void {
  const store = draftsOf(state);
  for (const [id, d] of store) if (d.userId === userId) store.delete(id);
}
