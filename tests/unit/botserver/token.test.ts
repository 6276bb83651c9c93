import { describe, expect, it } from 'vitest';
import { tokensEqual } from '../../../src/botserver/token.ts';

describe('tokensEqual', () => {
  it('accepts only the exact token', () => {
    expect(tokensEqual('s3cret-Token', 's3cret-Token')).toBe(true);
    expect(tokensEqual('s3cret-token', 's3cret-Token')).toBe(false);
    expect(tokensEqual('s3cret-Token ', 's3cret-Token')).toBe(false);
  });

  it('compares tokens of different lengths without throwing', () => {
    expect(tokensEqual('', 's3cret-Token')).toBe(false);
    expect(tokensEqual('s3cret-Token-and-more', 's3cret-Token')).toBe(false);
  });
});
