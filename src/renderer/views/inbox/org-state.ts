/**
 * What an organization's header says about how current its rows are: "Saved at 10:31 ·
 * offline since 10:42" when the copy on this computer is shown with the server out of reach
 * (docs/architecture.md, "The cache on disk").
 */
export interface OrgStateInput {
  connection: 'live' | 'connecting' | 'unreachable' | 'signed-out';
  stale: boolean;
  liveAt?: number | undefined;
  savedAt?: number | undefined;
  offlineSince?: number | undefined;
}

const clock = (at: number) =>
  new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(at));

export function orgStateText(input: OrgStateInput): string {
  const { connection, stale, liveAt, savedAt, offlineSince } = input;
  const away =
    connection === 'unreachable'
      ? offlineSince === undefined
        ? 'out of reach'
        : `offline since ${clock(offlineSince)}`
      : connection === 'connecting'
        ? 'connecting…'
        : connection === 'signed-out'
          ? 'signed out'
          : '';
  if (savedAt !== undefined && connection !== 'live') return `Saved at ${clock(savedAt)} · ${away}`;
  if (away === '') return '';
  const head = away.charAt(0).toUpperCase() + away.slice(1);
  if (stale && liveAt !== undefined) return `${head}: last known at ${clock(liveAt)}`;
  if (stale && connection !== 'connecting') return `${head}: nothing known yet`;
  return head;
}
