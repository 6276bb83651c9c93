/**
 * Upstream nests a list item indented by two or more spaces under the item before it, for
 * ordered and bullet lists alike. CommonMark (marked) nests only from the previous item's
 * content column, three spaces after `1. `, so "1. a\n  1. b" would make two siblings.
 * `nestListsByTwoSpaces` moves such items, with their continuation lines, to the column
 * marked expects. Code and math fences are moved as a whole, never read as lists. Inside
 * `>` quotes the same rule applies to the quoted lines.
 */

const MARKER = /^( *)([*+-]|\d{1,9}[.)])( +|$)/;
const FENCE = /^ *(`{3,}|~{3,})[ \t]*([^`]*?)[ \t]*$/;
const MARKDOWN_FENCES = new Set(['quote', 'spoiler']);

interface OpenItem {
  /** Spaces before the marker in the source. */
  indent: number;
  /** Spaces before the marker once moved. */
  movedIndent: number;
  /** Where the item's content starts once moved. */
  content: number;
  /** The bullet character it is written with once moved; undefined for a numbered item. */
  bullet: string | undefined;
}

/**
 * Stands before a nested numbered list's first item whose number is not 1, which is
 * written as 1 for marked; `listStart` reads the number back for the list's start.
 */
const START = /^\uE000(\d+)\uE001/;

/** The start a nested numbered list was written with, and removes its mark from the item. */
export function listStart(text: string): { start: number; rest: string } | undefined {
  const m = START.exec(text);
  return m ? { start: Number(m[1]), rest: text.slice(m[0].length) } : undefined;
}

const QUOTED = /^ {0,3}> ?/;

/**
 * Applies the rule to each run of `>` lines, with its own prefixes kept as typed. Lines
 * inside a code fence are left alone: a `>` there is text.
 */
function nestInsideQuotes(lines: string[]): string[] {
  const out: string[] = [];
  let fenceRun: string | undefined;
  for (let i = 0; i < lines.length;) {
    const line = lines[i]!;
    const opening = FENCE.exec(line);
    if (fenceRun !== undefined) {
      if (opening && opening[2] === '' && opening[1]!.startsWith(fenceRun)) fenceRun = undefined;
      out.push(line);
      i++;
    } else if (opening && !MARKDOWN_FENCES.has(opening[2]!.split(/\s+/)[0]!.toLowerCase())) {
      fenceRun = opening[1]!;
      out.push(line);
      i++;
    } else if (QUOTED.test(line)) {
      let end = i;
      while (end < lines.length && QUOTED.test(lines[end]!)) end++;
      const run = lines.slice(i, end);
      const prefixes = run.map((l) => QUOTED.exec(l)![0]);
      const body = nestListsByTwoSpaces(run.map((l, k) => l.slice(prefixes[k]!.length)).join('\n'));
      out.push(...body.split('\n').map((l, k) => prefixes[k]! + l));
      i = end;
    } else {
      out.push(line);
      i++;
    }
  }
  return out;
}

export function nestListsByTwoSpaces(src: string): string {
  const lines = nestInsideQuotes(src.split('\n'));
  const open: OpenItem[] = [];
  let afterBlank = false;
  /** The closing run and the shift of the code fence being copied, if any. */
  let fence: { run: string; shift: number } | undefined;
  /** The opening runs of the quote and spoiler fences around the line, whose bodies are read. */
  const quoted: string[] = [];
  const pad = (line: string, shift: number) => (shift > 0 ? ' '.repeat(shift) + line : line);

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence) {
      const close = /^ *([`~]+)[ \t]*$/.exec(line);
      if (close && close[1]![0] === fence.run[0] && close[1]!.length >= fence.run.length) {
        lines[i] = pad(line, fence.shift);
        fence = undefined;
      } else lines[i] = pad(line, fence.shift);
      continue;
    }
    if (line.trim() === '') {
      afterBlank = true;
      continue;
    }
    const indent = line.length - line.trimStart().length;
    const marker = MARKER.exec(line);
    if (marker) {
      let previous: OpenItem | undefined;
      while (open.length > 0 && indent < open[open.length - 1]!.indent + 2) previous = open.pop();
      const parent = open[open.length - 1];
      const movedIndent = parent ? parent.content : indent;
      const sibling = previous?.movedIndent === movedIndent ? previous : undefined;
      const spaces = marker[3]!.length;
      const gap = spaces === 0 || spaces > 4 ? 1 : spaces;
      let moved = pad(line, movedIndent - indent);
      let bullet: string | undefined = /^[*+-]$/.test(marker[2]!) ? marker[2] : undefined;
      // Upstream keeps one list across a change of bullet (`* a` then `- b`); CommonMark
      // would start a new list at each.
      if (bullet !== undefined && sibling?.bullet !== undefined && bullet !== sibling.bullet) {
        bullet = sibling.bullet;
        moved = moved.replace(/^( *)[*+-]/, `$1${bullet}`);
      }
      // A nested numbered list may start at any number upstream (`  3. c` under `2. b`);
      // CommonMark lets only a 1 interrupt the item's text, so it is written as 1, marked.
      const number = /^(\d+)[.)]$/.exec(marker[2]!)?.[1];
      if (parent && !sibling && number !== undefined && Number(number) !== 1 && spaces > 0) {
        const one = `${'0'.repeat(number.length - 1)}1`;
        moved = moved.replace(/^( *)\d+([.)] +)/, `$1${one}$2\uE000${Number(number)}\uE001`);
      }
      open.push({ indent, movedIndent, content: movedIndent + marker[2]!.length + gap, bullet });
      lines[i] = moved;
      afterBlank = false;
      continue;
    }
    // A continuation belongs to the deepest item it is indented under; an unindented
    // line straight after an item continues it lazily, and after a blank line ends lists.
    let owner = open.length - 1;
    while (owner >= 0 && indent < open[owner]!.indent + 2) owner--;
    const item = open[owner];
    // Upstream reads two spaces as enough to continue an item: reach its content column.
    const shift = item ? Math.max(item.movedIndent - item.indent, item.content - indent) : 0;
    if (afterBlank) open.length = owner + 1;
    lines[i] = pad(line, shift);
    afterBlank = false;
    const opening = FENCE.exec(line);
    if (opening) {
      const run = opening[1]!;
      const word = (opening[2]!.split(/\s+/)[0] ?? '').toLowerCase();
      const enclosing = quoted[quoted.length - 1];
      if (!item) open.length = 0;
      const closes =
        enclosing !== undefined && enclosing[0] === run[0] && run.length >= enclosing.length;
      if (word === '' && closes) quoted.pop();
      else if (MARKDOWN_FENCES.has(word)) quoted.push(run);
      else fence = { run, shift };
    }
  }
  return lines.join('\n');
}
