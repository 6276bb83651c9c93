/**
 * The window's picture (docs/architecture.md "No window"): the page's DOM copied as it
 * shows, scrolled lists where they are and fields holding what they hold, and sent to the
 * Core as the page settles and as it is hidden or closed. Browser mode's host draws it as the next window's
 * first frame, before that page's script has run; the App then replaces it (main.ts).
 */
import {
  MAX_PICTURE_CHARS,
  PICTURED_VIEWS,
  type WindowPicture,
  type WindowView,
} from '../../contract/schemas/window.ts';

/** Popups: a picture shows none, as the next window opens with none open. */
const POPUPS = '[role="menu"], [role="dialog"], [role="tooltip"], dialog, [popover]';

/** Fields whose text the picture shows (the narrow, compose); never a password. */
const TEXT_INPUTS = new Set(['text', 'search']);

/**
 * `app`'s content as it shows now, as HTML; undefined when larger than the Core keeps. Ids go
 * (the App's own elements take them once mounted), as do test ids, so nothing but the App's
 * element answers for one.
 */
export function pictureOf(app: HTMLElement): string | undefined {
  const copy = app.cloneNode(true) as HTMLElement;
  const live = document.createTreeWalker(app, NodeFilter.SHOW_ELEMENT);
  const kept = document.createTreeWalker(copy, NodeFilter.SHOW_ELEMENT);
  const scrolled: [Element, Element][] = [];
  for (
    let a = live.nextNode(), b = kept.nextNode();
    a && b;
    a = live.nextNode(), b = kept.nextNode()
  ) {
    const [from, to] = [a as Element, b as Element];
    keepState(from, to);
    if (from.scrollTop > 0 || from.scrollLeft > 0) scrolled.push([from, to]);
  }
  // After the walk, which pairs elements by their order: cutting what is out of view and
  // holding scrolled lists (which wraps their content anew) change it.
  prune(app, copy);
  for (const [from, to] of scrolled) holdScroll(from, to as HTMLElement);
  for (const popup of copy.querySelectorAll(POPUPS)) popup.remove();
  for (const el of copy.querySelectorAll('[id], [data-testid], [autofocus]')) {
    el.removeAttribute('id');
    el.removeAttribute('data-testid');
    el.removeAttribute('autofocus');
  }
  const html = copy.innerHTML;
  return html.length > MAX_PICTURE_CHARS ? undefined : html;
}

/** What the DOM holds as state, not markup, written into the copy's markup. */
function keepState(from: Element, to: Element): void {
  if (from instanceof HTMLInputElement) {
    if (from.type === 'checkbox' || from.type === 'radio')
      to.toggleAttribute('checked', from.checked);
    else if (TEXT_INPUTS.has(from.type)) to.setAttribute('value', from.value);
    else to.removeAttribute('value');
  } else if (from instanceof HTMLTextAreaElement) {
    to.textContent = from.value;
  } else if (from instanceof HTMLSelectElement) {
    const options = (to as HTMLSelectElement).options;
    for (let i = 0; i < from.options.length; i++)
      options[i]?.toggleAttribute('selected', from.options[i]!.selected);
  } else if (from instanceof HTMLImageElement && from.src.startsWith('blob:')) {
    // An object URL dies with its page.
    to.removeAttribute('src');
  }
}

/** Fewer children than this are kept whole: cutting them saves less than it costs. */
const PRUNE_FROM = 4;

/**
 * Cuts what lies wholly out of the window's view from `copy` (the list's rows beyond the
 * ones on screen, a long sidebar's end): the picture's first frame lays out and paints what
 * shows. In a block or a column, the children before the first in view and after the last
 * in view become one empty box each of the height they took, so what stays is placed where
 * it was, whichever end a scrolled list is held from (`holdScroll`).
 */
function prune(from: Element, copy: Element): void {
  const kids = from.children;
  if (kids.length >= PRUNE_FROM) {
    const style = getComputedStyle(from);
    const column =
      style.display === 'block' ||
      (style.display === 'flex' && style.flexDirection === 'column' && style.flexWrap === 'nowrap');
    if (column) {
      const boxes = [...kids].map((k) => k.getBoundingClientRect());
      const first = boxes.findIndex((b) => b.bottom > 0);
      const last = boxes.findLastIndex((b) => b.top < window.innerHeight);
      const cut = [...boxes.keys()].filter((i) => i < first || i > last);
      if (first >= 0 && last >= first && cut.every((i) => isBlock(kids[i]!)) && !hasText(from)) {
        const gap = Number.parseFloat(style.rowGap) || 0;
        const px = (el: Element, side: 'marginTop' | 'marginBottom') =>
          Number.parseFloat(getComputedStyle(el)[side]) || 0;
        const copies = [...copy.children];
        // The run after the view: as tall as from the last child in view to the lowest end.
        if (last < kids.length - 1) {
          let lowest = boxes[last]!.bottom + px(kids[last]!, 'marginBottom');
          for (let i = last + 1; i < kids.length; i++)
            lowest = Math.max(lowest, boxes[i]!.bottom + px(kids[i]!, 'marginBottom'));
          replaceRun(
            copies.slice(last + 1),
            lowest - boxes[last]!.bottom - px(kids[last]!, 'marginBottom') - gap,
          );
        }
        for (let i = first; i <= last; i++) prune(kids[i]!, copies[i]!);
        // The run before it: from the parent's content's top to the first child in view.
        if (first > 0) {
          const top =
            from.getBoundingClientRect().top +
            (Number.parseFloat(style.borderTopWidth) || 0) +
            (Number.parseFloat(style.paddingTop) || 0);
          replaceRun(
            copies.slice(0, first),
            boxes[first]!.top - px(kids[first]!, 'marginTop') - top - gap,
          );
        }
        return;
      }
    }
  }
  for (let i = 0; i < kids.length; i++) prune(kids[i]!, copy.children[i]!);
}

const BLOCKS = new Set(['block', 'flex', 'grid', 'list-item', 'table', 'flow-root', 'none']);

/** Laid out as a box of its own, one below another (an empty box takes its place alike). */
const isBlock = (el: Element) => BLOCKS.has(getComputedStyle(el).display);

/** Text of its own among its children, which a cut would leave where its elements were. */
const hasText = (el: Element) =>
  [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());

/** Puts one empty box of `height` px where `run` (adjacent siblings) was. */
function replaceRun(run: Element[], height: number): void {
  const box = document.createElement('div');
  box.style.height = `${Math.max(0, height)}px`;
  run[0]!.before(box);
  for (const el of run) el.remove();
}

/**
 * Shows a scrolled element's content where it was scrolled to, with no script: the content
 * is moved into a box placed at that offset, in the element, which no longer scrolls. A list
 * nearer its end than its start is held from its end (the messages at their newest), so a
 * taller window shows more of what came before, as the App's own list then does.
 */
function holdScroll(from: Element, to: HTMLElement): void {
  const style = getComputedStyle(from);
  const fromEnd = from.scrollHeight - from.clientHeight - from.scrollTop;
  const box = document.createElement('div');
  const edge = fromEnd <= from.scrollTop ? `bottom:${-fromEnd}px` : `top:${-from.scrollTop}px`;
  box.style.cssText =
    `position:absolute;left:${-from.scrollLeft}px;width:${from.scrollWidth}px;${edge};` +
    `padding:${style.padding};display:${style.display};flex-direction:${style.flexDirection};` +
    `gap:${style.gap};align-items:${style.alignItems};` +
    `grid-template-columns:${style.gridTemplateColumns}`;
  box.append(...to.childNodes);
  to.append(box);
  to.style.overflow = 'hidden';
  if (style.position === 'static') to.style.position = 'relative';
}

/** How long the page stays unchanged before its picture is taken. */
const QUIET_MS = 2_000;
/**
 * Changes within one place (messages coming in) are pictured at most this often: each
 * picture is a copy of the page, 15 ms of the renderer's main thread in a trace of the
 * background bench's window (bench/README.md, `background`), paid for the messages it follows.
 */
const EVERY_MS = 5 * 60_000;
/** A place that never settles (a busy channel) is pictured once it has changed this long. */
const STALE_MS = 2 * EVERY_MS;

/** What App.svelte holds of the window's picture keeper. */
export interface PictureKeeper {
  /** The window went to another place (section, account or narrow). */
  moved(): void;
  stop(): void;
}

/**
 * Sends the window's picture to the Core, on a section pictures are kept of (`view`: the
 * section shown): once the page has settled after the window moved, once it has settled
 * after changes at most every `EVERY_MS` (at the latest `STALE_MS` after a change, settled
 * or not), and as the window is hidden or closed. A closed tab's page is often ended with no
 * event at all (browsers end a tab's process at once where no `unload` handler holds it), so
 * the picture from when it settled is what the next window gets. A picture the same as the
 * last one sent is not sent again.
 */
export function keepWindowPicture(
  view: () => WindowView | undefined,
  send: (picture: WindowPicture) => void,
): PictureKeeper {
  const app = document.getElementById('app');
  if (!app) return { moved: () => undefined, stop: () => undefined };
  let sent = '';
  let taken = -Infinity;
  let moved = false;
  let changedSince: number | undefined;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const take = () => {
    clearTimeout(quiet);
    if (idle !== undefined) cancelIdleCallback(idle);
    [quiet, idle, changedSince, moved] = [undefined, undefined, undefined, false];
    taken = performance.now();
    const shown = view();
    if (shown === undefined || !PICTURED_VIEWS.includes(shown)) return;
    const html = pictureOf(app);
    if (html === undefined || html === sent) return;
    sent = html;
    send({ html, width: window.innerWidth });
  };
  /** Waits for the page to settle, and past the last picture's `EVERY_MS` unless it moved. */
  const settle = () => {
    clearTimeout(quiet);
    const wait = moved ? QUIET_MS : Math.max(QUIET_MS, taken + EVERY_MS - performance.now());
    quiet = setTimeout(take, wait);
  };
  const changed = new MutationObserver(() => {
    const now = performance.now();
    changedSince ??= now;
    if (now - changedSince < STALE_MS) settle();
    else idle ??= requestIdleCallback(take, { timeout: QUIET_MS });
  });
  changed.observe(app, { childList: true, subtree: true, characterData: true });
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') take();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', take);
  return {
    moved: () => {
      moved = true;
      settle();
    },
    stop: () => {
      changed.disconnect();
      clearTimeout(quiet);
      if (idle !== undefined) cancelIdleCallback(idle);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', take);
    },
  };
}
