import { describe, expect, it } from 'vitest';
import { accountsState } from '../../../../src/renderer/components/accounts-state.ts';

describe("the status footer's words for the accounts' state", () => {
  it('names every account connected, alone or together', () => {
    expect(accountsState(['polling'])).toEqual({ text: '1 account connected', tone: 'ok' });
    expect(accountsState(['polling', 'polling', 'polling'])).toEqual({
      text: 'All 3 accounts connected',
      tone: 'ok',
    });
  });

  it('says when every account is reconnecting, not that the core is connected', () => {
    expect(accountsState(['backoff', 'backoff'])).toEqual({
      text: '2 accounts reconnecting',
      tone: 'warn',
    });
  });

  it('leads a mixed state with the worst, and counts the accounts not answering', () => {
    expect(accountsState(['polling', 'not_answering', 'backoff', 'polling'])).toEqual({
      text: '1 not answering, 1 reconnecting, 2 connected',
      tone: 'warn',
    });
    expect(accountsState(['needs_attention', 'polling'])).toEqual({
      text: '1 needs attention, 1 connected',
      tone: 'bad',
    });
    expect(accountsState(['registering'])?.text).toBe('1 account connecting');
  });

  it('has nothing to say without accounts', () => {
    expect(accountsState([])).toBeUndefined();
  });
});
