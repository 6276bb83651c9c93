import { describe, expect, it } from 'vitest';
import { highlightsMention } from '../../../../src/renderer/views/messages/mention-highlight.ts';

describe('highlightsMention', () => {
  it('highlights personal, group and wildcard mentions of the reader', () => {
    for (const flag of [
      'mentioned',
      'stream_wildcard_mentioned',
      'topic_wildcard_mentioned',
      'wildcard_mentioned',
    ]) {
      expect(highlightsMention({ flags: ['read', flag], sender_id: 2 }, 1)).toBe(true);
    }
  });

  it('leaves other messages and the reader’s own alone', () => {
    expect(highlightsMention({ flags: ['read', 'has_alert_word'], sender_id: 2 }, 1)).toBe(false);
    expect(highlightsMention({ flags: ['mentioned'], sender_id: 1 }, 1)).toBe(false);
  });
});
