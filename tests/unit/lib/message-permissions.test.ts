import { describe, expect, it } from 'vitest';
import {
  OPEN_RULES,
  refusal,
  toggledResolution,
  type EditRules,
} from '../../../src/lib/message-permissions.ts';

const rules: EditRules = {
  ...OPEN_RULES,
  editLimitSeconds: 600,
  moveTopicLimitSeconds: 7 * 86400,
  canMoveChannels: false,
};
const mine = { sender_id: 4, timestamp: 1000, type: 'stream' };
const theirs = { ...mine, sender_id: 5 };

describe('what the message menu refuses before asking the server', () => {
  it('lets the sender edit within the limit and says why not after it or for others', () => {
    expect(refusal(rules, 'edit', mine, 4, 1000 + 600)).toBeUndefined();
    expect(refusal(rules, 'edit', mine, 4, 1000 + 700)).toBe(
      'Too late to edit: this organization allows edits for 10 minutes after sending.',
    );
    expect(refusal(rules, 'edit', theirs, 4, 1000)).toBe('Only the sender can edit a message.');
    expect(refusal({ ...rules, allowEditing: false }, 'edit', mine, 4, 1000)).toBe(
      'This organization has turned off message editing.',
    );
  });

  it('keeps moves to the groups and limits, except for moderators', () => {
    expect(refusal(rules, 'channel', mine, 4, 1000)).toBe(
      'This organization does not let you move messages to another channel.',
    );
    const late = 1000 + 8 * 86400;
    expect(refusal(rules, 'topic', theirs, 4, late)).toBe(
      'Too late to move: this organization allows moving messages for 7 days after sending.',
    );
    expect(refusal({ ...rules, exemptFromMoveLimits: true }, 'topic', theirs, 4, late)).toBe(
      undefined,
    );
    expect(refusal(rules, 'topic', { ...mine, type: 'private' }, 4, 1000)).toBe(
      'Direct messages have no topic to change.',
    );
  });

  it('lets people delete their own messages, and others’ only with the permission', () => {
    expect(refusal(rules, 'delete', mine, 4, 1000)).toBeUndefined();
    expect(refusal(rules, 'delete', theirs, 4, 1000)).toBe(
      'This organization does not let you delete other people’s messages.',
    );
    expect(refusal({ ...rules, canDeleteAny: true }, 'delete', theirs, 4, 1000)).toBeUndefined();
  });

  it('resolves with the check-mark prefix and unresolves by taking it off', () => {
    expect(toggledResolution('bug')).toBe('✔ bug');
    expect(toggledResolution('✔ bug')).toBe('bug');
  });
});
