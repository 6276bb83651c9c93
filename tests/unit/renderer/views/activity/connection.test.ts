/** The Activity card's last failure in words, from the queue's own text. */
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

  test('the server’s own words are never quoted: they carry addresses and queue ids', () => {
    const raw =
      'GET /events: BAD_REQUEST (HTTP 400): connect error: ECONNREFUSED while reaching https://backend.internal/api/v1/events?queue_id=1732480000:4f2a';
    expect(lastErrorSentence(raw)).toBe(
      'The server (or a gateway in front of it) refused to keep this connection open; Perch tries again by itself.',
    );
    expect(lastErrorSentence('GET /events: INTERNAL (HTTP 503): upstream 10.0.0.7 down')).toBe(
      'The server had a problem and could not answer; Perch tries again by itself.',
    );
    expect(lastErrorSentence('socket hang up somewhere')).toBe(
      'The last attempt to hear from the server failed; Perch tries again by itself.',
    );
  });
});
