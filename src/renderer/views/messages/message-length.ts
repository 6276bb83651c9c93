const count = new Intl.NumberFormat('en');

/**
 * Why a message cannot be sent as it is, or undefined if it can. The server counts Unicode
 * code points, so this does too; without the limit yet (sidebar still loading) it lets the
 * message go and the server decides.
 */
export function overLimit(content: string, max: number | undefined): string | undefined {
  if (max === undefined || content.length <= max) return undefined;
  // Fewer code points than UTF-16 units only where the text has astral characters.
  const length = [...content].length;
  if (length <= max) return undefined;
  return (
    `This message is ${count.format(length)} characters long, and this organization takes at ` +
    `most ${count.format(max)}. Shorten it, or split it into several messages; your text is kept.`
  );
}
