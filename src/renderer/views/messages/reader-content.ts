/**
 * What a message's made-safe HTML needs once it is on screen, for this reader: mentions of
 * the reader, their groups and everyone marked `.own-mention`; spoilers collapsed under a
 * header that opens them by click, Enter or Space; global times in the reader's own time
 * zone and clock (the server's text kept as the title); Unicode emoji as our images.
 * A Svelte action on the content element; it runs again whenever the HTML or the reader
 * changes, and only touches what the HTML already holds.
 */
import type { ActionReturn } from 'svelte/action';
import { emojiImageUrl } from '../../lib/emoji-images.ts';
import { sameNumbers } from '../../lib/held-value.ts';

/** Context key: what AccountMessages knows of the reader beyond their user id. */
export const READER = Symbol('reader');

export interface ReaderSettings {
  readonly groupIds: readonly number[];
  readonly twentyFourHour: boolean | null;
}

export interface Reader {
  /** The HTML shown, so that a new one is enhanced afresh. */
  html: string;
  myUserId: number;
  /** The user groups the reader belongs to, directly or through a subgroup. */
  groupIds: readonly number[];
  /** The user's `twenty_four_hour_time`; null follows the locale. */
  twentyFourHour: boolean | null;
}

/** Whether a mention element names the reader, one of their groups, or everyone. */
export function mentionsReader(
  el: Element,
  myUserId: number,
  groupIds: readonly number[],
): boolean {
  const cls = el.classList;
  if (cls.contains('channel-wildcard-mention') || cls.contains('topic-wildcard-mention')) {
    return true;
  }
  if (cls.contains('topic-mention')) return true;
  if (cls.contains('user-mention')) {
    const id = el.getAttribute('data-user-id');
    return id === '*' || id === String(myUserId);
  }
  if (cls.contains('user-group-mention')) {
    return groupIds.includes(Number(el.getAttribute('data-user-group-id')));
  }
  return false;
}

/** A time as the reader reads times: their zone, their clock. */
export function localTime(date: Date, twentyFourHour: boolean | null): string {
  return date.toLocaleString(undefined, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(twentyFourHour === null ? {} : { hourCycle: twentyFourHour ? 'h23' : 'h12' }),
  });
}

function markMentions(root: HTMLElement, reader: Reader): void {
  for (const el of root.querySelectorAll('.user-mention, .user-group-mention, .topic-mention')) {
    el.classList.toggle('own-mention', mentionsReader(el, reader.myUserId, reader.groupIds));
  }
}

function setSpoiler(block: Element, open: boolean): void {
  block.classList.toggle('spoiler-open', open);
  block.querySelector(':scope > .spoiler-header')?.setAttribute('aria-expanded', String(open));
  block.querySelector(':scope > .spoiler-content')?.setAttribute('aria-hidden', String(!open));
}

function prepareSpoilers(root: HTMLElement): void {
  for (const block of root.querySelectorAll('.spoiler-block')) {
    const header = block.querySelector<HTMLElement>(':scope > .spoiler-header');
    if (!header || header.hasAttribute('role')) continue;
    if (header.textContent?.trim() === '') header.textContent = 'Spoiler';
    header.setAttribute('role', 'button');
    header.tabIndex = 0;
    setSpoiler(block, false);
  }
}

/** Opens or closes the spoiler whose header the event reached; true if it did. */
function toggleSpoiler(target: EventTarget | null): boolean {
  const header = (target as Element | null)?.closest?.('.spoiler-header[role="button"]');
  const block = header?.parentElement;
  if (!header || !block?.classList.contains('spoiler-block')) return false;
  setSpoiler(block, !block.classList.contains('spoiler-open'));
  return true;
}

function localizeTimes(root: HTMLElement, reader: Reader): void {
  for (const time of root.querySelectorAll('time[datetime]')) {
    const original = time.getAttribute('data-original') ?? time.textContent ?? '';
    const date = new Date(time.getAttribute('datetime') ?? '');
    if (Number.isNaN(date.getTime())) continue;
    time.setAttribute('data-original', original);
    time.setAttribute('title', original);
    time.textContent = localTime(date, reader.twentyFourHour);
  }
}

function emojiImages(root: HTMLElement): void {
  for (const span of root.querySelectorAll<HTMLElement>('span.emoji')) {
    if (span.classList.contains('emoji-image')) continue;
    const code = [...span.classList].find((c) => /^emoji-[0-9a-f]+(?:-[0-9a-f]+)*$/.test(c));
    const url = code && emojiImageUrl(code.slice('emoji-'.length));
    if (!url) continue;
    span.classList.add('emoji-image');
    span.style.backgroundImage = `url("${url}")`;
  }
}

function enhance(root: HTMLElement, reader: Reader): void {
  markMentions(root, reader);
  prepareSpoilers(root);
  localizeTimes(root, reader);
  emojiImages(root);
}

/**
 * Whether two readers enhance a message alike: a sidebar patch brings the same groups in a
 * new array with every incoming message, and enhancing every drawn row again for it (each a
 * walk of its HTML) was most of what an incoming message cost the list.
 */
export function sameReader(a: Reader, b: Reader): boolean {
  return (
    a.html === b.html &&
    a.myUserId === b.myUserId &&
    a.twentyFourHour === b.twentyFourHour &&
    sameNumbers(a.groupIds, b.groupIds)
  );
}

export function readerContent(root: HTMLElement, reader: Reader): ActionReturn<Reader> {
  let current = reader;
  const click = (e: MouseEvent) => {
    if (toggleSpoiler(e.target)) e.stopPropagation();
  };
  const keydown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    if (!toggleSpoiler(e.target)) return;
    e.preventDefault();
    e.stopPropagation();
  };
  root.addEventListener('click', click);
  root.addEventListener('keydown', keydown);
  enhance(root, current);
  return {
    update(next) {
      if (sameReader(current, next)) return;
      current = next;
      enhance(root, current);
    },
    destroy() {
      root.removeEventListener('click', click);
      root.removeEventListener('keydown', keydown);
    },
  };
}
