/**
 * The channel whose topics the Messages sidebar lists: the one the narrow is in, as
 * upstream's left sidebar lists the topics of the channel being read and only its name
 * elsewhere. A long list of every channel's topics buried the channels themselves, and
 * redrew on every message of any channel.
 */
import type { NarrowTermWire } from '../../../contract/schemas/messages.ts';
import { CHANNEL_OPERATORS } from './mark-read-policy.ts';

/**
 * The channel a narrow is confined to, by id or name (names compare without case, as the
 * server's do); undefined for a narrow across channels, or one that excludes a channel.
 */
export function viewedChannel(
  terms: readonly NarrowTermWire[],
  channels: readonly { streamId: number; name: string }[],
): number | undefined {
  const term = terms.find((t) => CHANNEL_OPERATORS.has(t.operator) && !t.negated);
  if (!term) return undefined;
  const operand = term.operand;
  if (typeof operand === 'number') return channels.find((c) => c.streamId === operand)?.streamId;
  if (typeof operand !== 'string') return undefined;
  const name = operand.toLowerCase();
  const byName = channels.find((c) => c.name.toLowerCase() === name);
  if (byName) return byName.streamId;
  return /^\d+$/.test(operand)
    ? channels.find((c) => c.streamId === Number(operand))?.streamId
    : undefined;
}
