import type { OpenTargetWire as OpenTarget } from '../../../contract/contract.ts';
import { narrowToText } from '../../lib/narrow-text.ts';
import type { WindowPlace } from '../../../contract/schemas/window.ts';
import { placeOf } from './places.ts';
import { leftAnchor } from '../../../contract/first-page.ts';

/**
 * Puts an account's place at the conversation and message a clicked notification stands
 * for; the Messages view opens there the next time it mounts.
 */
export function placeAtNotification(target: OpenTarget): void {
  const place = placeOf(target.accountId);
  const terms = target.narrow.map((t) => ({ operator: t.operator, operand: t.operand }));
  place.terms = terms;
  place.text = narrowToText(terms);
  place.anchor = { kind: 'id', id: target.messageId };
  place.at = target.messageId;
}

/**
 * Puts an account's place at a conversation with unread messages, at its first unread one:
 * where the window opens when the user starts Perch.
 */
export function placeAtUnread(target: OpenTarget): void {
  placeAtNotification(target);
  const place = placeOf(target.accountId);
  place.anchor = { kind: 'first_unread' };
  place.at = undefined;
}

/** Puts an account's place where the last window left it (`window.place`, kept by the Core). */
export function placeAtLeft(accountId: string, left: WindowPlace): void {
  const place = placeOf(accountId);
  const terms = (left.narrow ?? []).map((t) => ({ ...t }));
  place.terms = terms;
  place.text = narrowToText(terms);
  // As the web host's first page of it is keyed (src/contract/first-page.ts).
  place.anchor = leftAnchor(left);
  place.at = left.at;
}
