import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../../src/api/schemas/event.ts';
import { messageEvents } from '../../../../src/core/messages/live.ts';

describe('the events a message window is sent', () => {
  it('keeps message, reaction, flag and subscription changes and drops the rest', () => {
    const events = [
      { id: 1, type: 'heartbeat' },
      { id: 2, type: 'reaction', op: 'add', message_id: 5 },
      { id: 3, type: 'user_settings', property: 'x' },
      { id: 4, type: 'delete_message', message_ids: [5] },
      { id: 5, type: 'update_message_flags', op: 'add', flag: 'read', messages: [5] },
    ] as unknown as ServerEvent[];
    expect(messageEvents(events).map((e) => e.type)).toEqual([
      'reaction',
      'delete_message',
      'update_message_flags',
    ]);
  });

  it('passes events the client does not model as their own payload', () => {
    const unknown = { type: 'unknown', payload: { id: 9, type: 'subscription', op: 'update' } };
    expect(messageEvents([unknown] as unknown as ServerEvent[])).toEqual([
      { id: 9, type: 'subscription', op: 'update' },
    ]);
  });
});
