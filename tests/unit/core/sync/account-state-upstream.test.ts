/**
 * AccountState fed through the API schemas with bodies shaped as the widely deployed server
 * sends them (keys `id` for snippets and folders): what Perch keys them by is the name the
 * schemas normalise to, the spec's saved_snippet_id and channel_folder_id.
 */
import { describe, expect, it } from 'vitest';
import { decodeResponse } from '../../../../src/api/decode.ts';
import { getEventsResponse } from '../../../../src/api/schemas/event.ts';
import { registerResponse } from '../../../../src/api/schemas/register.ts';
import { AccountState } from '../../../../src/core/model/account-state.ts';
import { toAccountRegister } from '../../../../src/core/model/register-state.ts';
import { defaultSettings } from '../notify/fixtures.ts';

const ok = { result: 'success', msg: '' };
const folder = (id: number, name: string) => ({
  id,
  name,
  description: '',
  rendered_description: '',
  order: id,
  date_created: 1717200000,
  creator_id: null,
  is_archived: false,
});
const snippet = (id: number, title: string) => ({ id, title, content: title, date_created: 1 });

function upstreamState(): AccountState {
  const body = {
    ...ok,
    queue_id: 'q',
    last_event_id: -1,
    user_id: 8,
    realm_name: 'Acme',
    user_settings: { ...defaultSettings(), twenty_four_hour_time: null },
    subscriptions: [],
    unread_msgs: { count: 0, pms: [], streams: [], huddles: [], mentions: [] },
    user_topics: [],
    channel_folders: [folder(1, 'Work')],
    saved_snippets: [snippet(1, 'hi')],
  };
  const { data } = decodeResponse('POST /register', 200, JSON.stringify(body), registerResponse);
  return new AccountState(toAccountRegister(data));
}

function applyUpstream(state: AccountState, events: object[]): void {
  const body = { ...ok, queue_id: 'q', events };
  const { data } = decodeResponse('GET /events', 200, JSON.stringify(body), getEventsResponse);
  for (const event of data.events) state.apply(event);
}

describe('AccountState from the upstream server’s shapes', () => {
  it('keys register’s snippets and folders by the normalised ids', () => {
    const state = upstreamState();
    expect(state.savedSnippets().map((s) => [s.saved_snippet_id, s.title])).toEqual([[1, 'hi']]);
    expect(state.channelFolders().map((f) => [f.channel_folder_id, f.name])).toEqual([[1, 'Work']]);
  });

  it('adds, updates and removes snippets by the same key', () => {
    const state = upstreamState();
    applyUpstream(state, [
      { id: 0, type: 'saved_snippets', op: 'add', saved_snippet: snippet(2, 'bye') },
      { id: 1, type: 'saved_snippets', op: 'update', saved_snippet: snippet(2, 'see you') },
      { id: 2, type: 'saved_snippets', op: 'remove', saved_snippet_id: 1 },
    ]);
    expect(state.savedSnippets().map((s) => [s.saved_snippet_id, s.title])).toEqual([
      [2, 'see you'],
    ]);
  });

  it('adds and updates folders by the same key', () => {
    const state = upstreamState();
    applyUpstream(state, [
      { id: 0, type: 'channel_folder', op: 'add', channel_folder: folder(2, 'Fun') },
      { id: 1, type: 'channel_folder', op: 'update', channel_folder_id: 1, data: { name: 'Ops' } },
      {
        id: 2,
        type: 'channel_folder',
        op: 'update',
        channel_folder_id: 2,
        data: { is_archived: true },
      },
    ]);
    expect(state.channelFolders().map((f) => [f.channel_folder_id, f.name, f.is_archived])).toEqual(
      [
        [1, 'Ops', false],
        [2, 'Fun', true],
      ],
    );
  });
});
