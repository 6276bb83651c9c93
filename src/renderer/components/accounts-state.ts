/**
 * The status footer's summary of every account's connection, e.g. "All 3 accounts
 * connected", "2 accounts reconnecting" or "1 not answering, 2 connected": what the user
 * needs at a glance, where "Connected to the core" said nothing about the chat servers.
 */
import type { QueueStateWire as QueueState } from '../../contract/schemas/sync.ts';

type Kind = 'attention' | 'not_answering' | 'reconnecting' | 'connecting' | 'stopped' | 'connected';

const kindOf: Record<QueueState, Kind> = {
  needs_attention: 'attention',
  not_answering: 'not_answering',
  backoff: 'reconnecting',
  idle: 'connecting',
  registering: 'connecting',
  stopped: 'stopped',
  polling: 'connected',
};

/** Worst first: the footer leads with what needs the user. */
const order: { kind: Kind; words: string }[] = [
  { kind: 'attention', words: 'need attention' },
  { kind: 'not_answering', words: 'not answering' },
  { kind: 'reconnecting', words: 'reconnecting' },
  { kind: 'connecting', words: 'connecting' },
  { kind: 'stopped', words: 'stopped' },
  { kind: 'connected', words: 'connected' },
];

export interface AccountsState {
  text: string;
  /** The worst state any account is in, for the footer's dot. */
  tone: 'ok' | 'warn' | 'bad';
}

const accounts = (n: number) => `${n} ${n === 1 ? 'account' : 'accounts'}`;

/** Undefined without accounts: then the footer has only the core to speak of. */
export function accountsState(states: readonly QueueState[]): AccountsState | undefined {
  if (states.length === 0) return undefined;
  const counts = new Map<Kind, number>();
  for (const s of states) counts.set(kindOf[s], (counts.get(kindOf[s]) ?? 0) + 1);
  const parts = order.filter((o) => counts.has(o.kind));
  const worst = parts[0]!.kind;
  const tone = worst === 'connected' ? 'ok' : worst === 'attention' ? 'bad' : 'warn';
  if (parts.length === 1) {
    const n = states.length;
    const words = parts[0]!.words;
    if (worst === 'connected' && n > 1) return { text: `All ${accounts(n)} connected`, tone };
    // "1 account needs attention", "2 accounts need attention".
    const verb = worst === 'attention' && n === 1 ? 'needs attention' : words;
    return { text: `${accounts(n)} ${verb}`, tone };
  }
  const text = parts
    .map((p) => {
      const n = counts.get(p.kind)!;
      return `${n} ${p.kind === 'attention' && n === 1 ? 'needs attention' : p.words}`;
    })
    .join(', ');
  return { text, tone };
}
