/** A status emoji as the system font draws it (custom emoji by their `:name:`). */
import type { StatusWire } from '../../../core/rpc/schemas/people.ts';

export function statusEmoji(status: StatusWire): string {
  const e = status.emoji;
  if (!e || e.name === '') return '';
  if (e.type === 'unicode_emoji') {
    const points = e.code.split('-').map((h) => parseInt(h, 16));
    if (points.every((p) => Number.isInteger(p) && p >= 0 && p <= 0x10ffff)) {
      return String.fromCodePoint(...points);
    }
  }
  return `:${e.name}:`;
}
