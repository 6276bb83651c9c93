/**
 * What a server lacks, said in the server versions people install rather than in API feature
 * levels, which mean nothing to most readers. Each Zulip release's API changelog section
 * begins at a feature level; a feature needing level N arrived in the release whose section
 * holds N. Beyond the last level placed here the release is not known yet, so the sentence
 * names none.
 */

/** [first feature level of the release's changelog section, release]: upstream API changelog. */
const RELEASES: readonly (readonly [number, string])[] = [
  [1, '3.0'],
  [28, '4.0'],
  [66, '5.0'],
  [123, '6.0'],
  [158, '7.0'],
  [186, '8.0'],
  [238, '9.0'],
  [280, '10.0'],
  [378, '11.0'],
];
/** The highest level the reference documents place (openapi-fl420: "New in Zulip 11.0 (feature level 420)"). */
const LAST_PLACED = 420;

/** The Zulip release that brought feature level `level`, when known. */
export function releaseFor(level: number): string | undefined {
  if (level > LAST_PLACED || level < 1) return undefined;
  return RELEASES.findLast(([first]) => first <= level)?.[1];
}

/** "Zulip 11.0", or "Zulip 11.0 or newer" past the levels placed here: what a server runs. */
export function serverRelease(level: number): string {
  if (level > LAST_PLACED) return `Zulip ${RELEASES.at(-1)?.[1] ?? ''} or newer`;
  const release = releaseFor(level);
  return release ? `Zulip ${release}` : 'Zulip before 3.0';
}

/** "Zulip 11.0 or later", or "a newer Zulip version" past the levels placed here. */
export function releaseNeeded(level: number): string {
  const release = releaseFor(level);
  return release ? `Zulip ${release} or later` : 'a newer Zulip version';
}

export type TooOld = {
  /** "This server is too old to …; it needs Zulip 11.0 or later." */
  sentence: string;
  /** The levels themselves, for the Details fold. */
  details: string;
};

/**
 * Why this server cannot do something, or undefined when it can. `doing` completes "This
 * server is too old …": "to keep channels in folders", "for saved snippets".
 */
export function serverTooOld(doing: string, needs: number, has: number): TooOld | undefined {
  if (has >= needs) return undefined;
  return {
    sentence: `This server is too old ${doing}; it needs ${releaseNeeded(needs)}.`,
    details: `Needs API feature level ${needs}; this server has ${has}.`,
  };
}
