import { describe, expect, it } from 'vitest';
import { viewedChannel } from '../../../../src/renderer/views/messages/viewed-channel.ts';

const channels = [
  { streamId: 7, name: 'General' },
  { streamId: 9, name: 'design' },
  { streamId: 12, name: '2025' },
];

describe('viewedChannel: whose topics the sidebar lists', () => {
  it('is the channel a channel or topic narrow is in, by name without case', () => {
    expect(viewedChannel([{ operator: 'channel', operand: 'general' }], channels)).toBe(7);
    expect(
      viewedChannel(
        [
          { operator: 'stream', operand: 'DESIGN' },
          { operator: 'topic', operand: 'logo' },
        ],
        channels,
      ),
    ).toBe(9);
  });

  it('is found by id too, a name that looks like a number going first', () => {
    expect(viewedChannel([{ operator: 'channel', operand: 9 }], channels)).toBe(9);
    expect(viewedChannel([{ operator: 'channel', operand: '7' }], channels)).toBe(7);
    expect(viewedChannel([{ operator: 'channel', operand: '2025' }], channels)).toBe(12);
  });

  it('is none across channels, outside a channel, or for one not subscribed', () => {
    expect(viewedChannel([], channels)).toBeUndefined();
    expect(viewedChannel([{ operator: 'is', operand: 'mentioned' }], channels)).toBeUndefined();
    expect(
      viewedChannel([{ operator: 'channel', operand: 'general', negated: true }], channels),
    ).toBeUndefined();
    expect(
      viewedChannel([{ operator: 'channel', operand: 'elsewhere' }], channels),
    ).toBeUndefined();
    expect(viewedChannel([{ operator: 'dm', operand: [3, 4] }], channels)).toBeUndefined();
  });
});
