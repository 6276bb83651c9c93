/**
 * What an older server cannot do with reusable invitation links (upstream create-invite-link
 * changes), said before any request: each note replaces the option it is about.
 */
import { ADMINISTRATOR } from './roles.ts';

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
  const server = `This server (feature level ${featureLevel})`;
  if (featureLevel < 209 && role > ADMINISTRATOR)
    notes.refused = `${server} lets only administrators create reusable links; everyone else needs level 209.`;
  if (featureLevel < 261)
    notes.defaults = `${server} cannot subscribe people who join with a link to the default channels; it needs level 261.`;
  if (featureLevel < 322)
    notes.groups = `${server} cannot add people who join with a link to groups; it needs level 322.`;
  return notes;
}
