/** The Activity card's last failure in words (issue 22 point 6), from the queue's own text. */
import { describe, expect, test } from 'vitest';
import { lastErrorSentence } from '../../../../../src/renderer/views/activity/connection.ts';

describe('lastErrorSentence', () => {
  test.each([
    [
      'GET /events: network refused: connect ECONNREFUSED 127.0.0.1:9',
      'The server refused the connection: it may be down or restarting. Try again shortly.',
    ],
    [
      'GET /events: BAD_EVENT_QUEUE_ID (HTTP 400): Bad event queue ID: 1517975029:0',
      'The server had forgotten this connection (it restarted, or the computer slept), so Perch connected afresh.',
    ],
    [
      'POST /register: INVALID_API_KEY (HTTP 401): Invalid API key',
      "The server no longer accepts this account's API key. Sign in to the organization again on the Accounts page.",
    ],
    [
      'GET /events: HTTP 502: Bad Gateway',
      'The server had a problem and could not answer. Try again later.',
    ],
  ])('%s', (raw, sentence) => {
    expect(lastErrorSentence(raw)).toBe(sentence);
  });

  test('no code, no queue id and no address of the raw text reaches the sentence', () => {
    const raw = 'GET /events: SOMETHING_NEW (HTTP 400): queue 1517975029:0 is odd';
    const said = lastErrorSentence(raw);
    expect(said).not.toMatch(/SOMETHING_NEW|GET \/events/);
    expect(lastErrorSentence('socket hang up somewhere')).toBe(
      'The last attempt to hear from the server failed.',
    );
  });
});
