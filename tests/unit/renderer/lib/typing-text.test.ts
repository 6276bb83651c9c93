import { describe, expect, it } from 'vitest';
import { typingText } from '../../../../src/renderer/lib/typing-text.ts';

describe('the typing line', () => {
  it('names one, two or three people and sums up more', () => {
    expect(typingText([])).toBe('');
    expect(typingText(['Ada'])).toBe('Ada is typing…');
    expect(typingText(['Ada', 'Mel'])).toBe('Ada and Mel are typing…');
    expect(typingText(['Ada', 'Mel', 'Bo'])).toBe('Ada, Mel and Bo are typing…');
    expect(typingText(['Ada', 'Mel', 'Bo', 'Cy'])).toBe('Several people are typing…');
  });
});
