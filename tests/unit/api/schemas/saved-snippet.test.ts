import { describe, expect, it } from 'vitest';
import { getEventsResponse } from '../../../../src/api/schemas/event.ts';
import { registerResponse } from '../../../../src/api/schemas/register.ts';
import {
  createSavedSnippetResponse,
  getSavedSnippetsResponse,
} from '../../../../src/api/schemas/saved-snippet.ts';
import { decode, malformed, without } from './helpers.ts';

/** A SavedSnippet object as the widely deployed server sends it: keyed by `id`. */
const upstream = { id: 17, title: 'Welcome', content: 'Welcome to the team!', date_created: 1 };

describe('saved snippet schema', () => {
  it('shows the upstream `id` as saved_snippet_id in GET /saved_snippets', () => {
    const { saved_snippets } = decode('GET /saved_snippets', getSavedSnippetsResponse, {
      saved_snippets: [upstream],
    });
    expect(saved_snippets[0]).toMatchObject({ saved_snippet_id: 17, title: 'Welcome' });
  });

  it('does the same in register and in the add and update events', () => {
    const register = decode('POST /register', registerResponse, {
      queue_id: 'q',
      last_event_id: -1,
      saved_snippets: [upstream],
    });
    expect(register.saved_snippets?.map((s) => s.saved_snippet_id)).toEqual([17]);
    const { events } = decode('GET /events', getEventsResponse, {
      events: [
        { id: 1, type: 'saved_snippets', op: 'add', saved_snippet: upstream },
        {
          id: 2,
          type: 'saved_snippets',
          op: 'update',
          saved_snippet: { ...upstream, title: 'Hi' },
        },
        { id: 3, type: 'saved_snippets', op: 'remove', saved_snippet_id: 17 },
      ],
    });
    expect(
      events.map((e) =>
        e.type === 'saved_snippets' ? (e.saved_snippet?.saved_snippet_id ?? e.saved_snippet_id) : 0,
      ),
    ).toEqual([17, 17, 17]);
  });

  it('keeps the spec’s saved_snippet_id, and the create response', () => {
    const { saved_snippets } = decode('GET /saved_snippets', getSavedSnippetsResponse, {
      saved_snippets: [{ saved_snippet_id: 4, title: 'a', content: 'b' }],
    });
    expect(saved_snippets[0]?.saved_snippet_id).toBe(4);
    expect(
      decode('POST /saved_snippets', createSavedSnippetResponse, { saved_snippet_id: 5 })
        .saved_snippet_id,
    ).toBe(5);
  });

  it('still names the id when a snippet has neither name, and other missing fields', () => {
    const body = { saved_snippets: [upstream, without(upstream, 'id')] };
    expect(malformed('GET /saved_snippets', getSavedSnippetsResponse, body).path).toBe(
      'saved_snippets.1.saved_snippet_id',
    );
    const noTitle = { saved_snippets: [without(upstream, 'title')] };
    expect(malformed('GET /saved_snippets', getSavedSnippetsResponse, noTitle).path).toBe(
      'saved_snippets.0.title',
    );
    const event = { id: 1, type: 'saved_snippets', op: 'add', saved_snippet: { title: 'x' } };
    expect(malformed('GET /events', getEventsResponse, { events: [event] }).path).toBe(
      'events.0.saved_snippet.saved_snippet_id',
    );
  });
});
