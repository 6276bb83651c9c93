/**
 * The largest zuliprc Perch reads. A real one is a few lines (email, key, site and a few
 * options), so a file past this is something else; the renderer refuses it before reading
 * it whole, and the Core's contract refuses it again whatever sends it.
 */
export const MAX_RC_FILE_CHARS = 65_536;
