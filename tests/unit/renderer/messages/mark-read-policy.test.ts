import { describe, expect, it } from 'vitest';
import type { NarrowTermWire } from '../../../../src/contract/schemas/messages.ts';
import {
  isConversation,
  marksReadOnView,
} from '../../../../src/renderer/views/messages/mark-read-policy.ts';

const channel: NarrowTermWire = { operator: 'channel', operand: 'general' };
const topic: NarrowTermWire = { operator: 'topic', operand: 'lunch' };
const dm: NarrowTermWire = { operator: 'dm', operand: [7] };
const search: NarrowTermWire = { operator: 'search', operand: 'lunch' };
const near: NarrowTermWire = { operator: 'near', operand: 12 };

describe('marksReadOnView', () => {
  it('never marks read with search terms, whatever the policy', () => {
    for (const policy of [1, 2, 3]) {
      expect(marksReadOnView([search], policy)).toBe(false);
      expect(marksReadOnView([channel, topic, search], policy)).toBe(false);
    }
  });

  it('policy 1 marks read in every view', () => {
    expect(marksReadOnView([], 1)).toBe(true);
    expect(marksReadOnView([channel], 1)).toBe(true);
    expect(marksReadOnView([channel, topic], 1)).toBe(true);
    expect(marksReadOnView([{ operator: 'is', operand: 'starred' }], 1)).toBe(true);
  });

  it('policy 2 marks read only in a topic or a direct-message conversation', () => {
    expect(marksReadOnView([channel, topic], 2)).toBe(true);
    expect(marksReadOnView([topic, { operator: 'stream', operand: 'general' }], 2)).toBe(true);
    expect(marksReadOnView([dm], 2)).toBe(true);
    expect(marksReadOnView([channel, topic, near], 2)).toBe(true);
    expect(marksReadOnView([], 2)).toBe(false);
    expect(marksReadOnView([channel], 2)).toBe(false);
    expect(marksReadOnView([{ operator: 'is', operand: 'dm' }], 2)).toBe(false);
    expect(marksReadOnView([channel, topic, { operator: 'sender', operand: 3 }], 2)).toBe(false);
  });

  it('policy 3 never marks read', () => {
    expect(marksReadOnView([channel, topic], 3)).toBe(false);
    expect(marksReadOnView([dm], 3)).toBe(false);
    expect(marksReadOnView([], 3)).toBe(false);
  });

  it('a negated term makes a view no conversation', () => {
    expect(isConversation([channel, { ...topic, negated: true }])).toBe(false);
  });
});
