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

/** From this share of the limit on, compose shows how many characters are left. */
const COUNTER_FROM = 0.9;

/**
 * What compose's counter says near the server's limit ("312 characters left", "40 over the
 * limit"), or undefined while the text is well within it or the limit is not known yet.
 */
export function lengthCounter(
  content: string,
  max: number | undefined,
): { text: string; over: boolean } | undefined {
  if (max === undefined || content.length < max * COUNTER_FROM) return undefined;
  const length = [...content].length;
  if (length < max * COUNTER_FROM) return undefined;
  const left = max - length;
  const chars = (n: number) => `${count.format(n)} character${n === 1 ? '' : 's'}`;
  return left >= 0
    ? { text: `${chars(left)} left`, over: false }
    : { text: `${chars(-left)} over the limit`, over: true };
}
