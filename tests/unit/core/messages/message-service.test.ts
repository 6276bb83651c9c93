import { describe, expect, it } from 'vitest';
import { refuseOverLimit } from '../../../../src/core/messages/message-service.ts';

describe("a message over the organization's length limit", () => {
  it('is refused with a sentence saying how long it is and nothing was sent', () => {
    expect(() => refuseOverLimit('x'.repeat(11), 10)).toThrow(
      'This message is 11 characters long; this organization takes at most 10. Nothing was sent.',
    );
  });

  it('counts characters, not UTF-16 units: ten emoji fit a limit of ten', () => {
    expect(() => refuseOverLimit('🐦'.repeat(10), 10)).not.toThrow();
  });

  it('is let through while the limit is unknown (before the first registration)', () => {
    expect(() => refuseOverLimit('x'.repeat(100_000), undefined)).not.toThrow();
  });
});
