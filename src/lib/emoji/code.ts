/**
 * Emoji codes as the service writes them (`emoji_code`, spec 2.3): lowercase hex codepoints
 * joined by '-', with the variation selector U+FE0F left out, as upstream leaves it out.
 */

const VS16 = 'fe0f';

/** The service's code for a sequence written in any case and with or without U+FE0F. */
export function normalizeCode(hex: string): string {
  return hex
    .toLowerCase()
    .split('-')
    .filter((p) => p !== VS16 && p !== '')
    .join('-');
}

/** Dash-separated hex codepoints, each a real (non-surrogate) Unicode scalar value. */
export function isCodepointSequence(code: string): boolean {
  return (
    code !== '' &&
    code.split('-').every((part) => {
      if (!/^[0-9a-f]{1,6}$/.test(part)) return false;
      const cp = parseInt(part, 16);
      return cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff);
    })
  );
}

/** The characters of a code, or undefined when it is not a codepoint sequence. */
export function charsOfCode(code: string): string | undefined {
  if (!isCodepointSequence(code)) return undefined;
  return String.fromCodePoint(...code.split('-').map((h) => parseInt(h, 16)));
}
