/**
 * What an older server cannot do with reusable invitation links (upstream create-invite-link
 * changes), said before any request: each note replaces the option it is about.
 */
import { releaseNeeded } from '../../../../lib/server-version.ts';
import { ADMINISTRATOR } from './roles.ts';

const needs = (level: number) => `it needs ${releaseNeeded(level)}`;

export type LinkLevelNotes = {
  /** Set when the caller cannot create links on this server at all. */
  refused?: string;
  /** Set when the server cannot subscribe joiners to the default channels. */
  defaults?: string;
  /** Set when the server cannot add joiners to groups. */
  groups?: string;
};

export function linkLevelNotes(featureLevel: number, role: number): LinkLevelNotes {
  const notes: LinkLevelNotes = {};
  const server = 'This server is too old';
  if (featureLevel < 209 && role > ADMINISTRATOR)
    notes.refused = `${server} to let anyone but administrators create reusable links; ${needs(209)}.`;
  if (featureLevel < 261)
    notes.defaults = `${server} to subscribe people who join with a link to the default channels; ${needs(261)}.`;
  if (featureLevel < 322)
    notes.groups = `${server} to add people who join with a link to groups; ${needs(322)}.`;
  return notes;
}
