/**
 * Where upstream's `>` quotes differ from CommonMark's, as a rewrite of the source before
 * marked reads it. Upstream starts no quote from `>` lines that hold nothing and end the
 * message (`>` alone is the text ">", and `>>>>>` is four quotes around a ">"), and a line
 * straight after such empty quote lines belongs to the quote (`>\n>\ntext` quotes "text").
 * Lines inside code fences are left alone.
 */
const EMPTY_QUOTE = /^( {0,3}>[ \t]?)+\s*$/;
const QUOTE = /^ {0,3}>/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export function quotesAsUpstream(src: string): string {
  if (!src.includes('>')) return src;
  const lines = src.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const opening = FENCE.exec(line);
    if (fence !== undefined) {
      if (opening && opening[1]![0] === fence[0] && opening[1]!.length >= fence.length)
        fence = undefined;
      continue;
    }
    if (opening && !/^\s*[`~]+\s*(quote|spoiler)\b/.test(line)) {
      fence = opening[1];
      continue;
    }
    if (!EMPTY_QUOTE.test(line) || (i > 0 && QUOTE.test(lines[i - 1]!))) continue;
    let end = i;
    while (end < lines.length && EMPTY_QUOTE.test(lines[end]!)) end++;
    const next = lines[end];
    if (next !== undefined && next.trim() !== '' && !QUOTE.test(next)) {
      // Lazy text after empty quote lines is quoted at the depth of the last of them.
      const depth = lines[end - 1]!.replace(/\s+$/, '');
      lines[end] = `${depth} ${next}`;
    } else if (next === undefined || next.trim() === '') {
      // Nothing quoted: the innermost `>` of each line is text.
      for (let k = i; k < end; k++) lines[k] = lines[k]!.replace(/>(\s*)$/, '\\>$1');
    }
    i = end - 1;
  }
  return lines.join('\n');
}
