/**
 * The Messages screen's controller without a DOM: what opening narrows, scrolling, live pushes,
 * a lost queue, reading and typing do to what the screen shows and to what it asks of the Core.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { flushSync } from 'svelte';
import type { AccountSummary } from '../../../../src/contract/contract.ts';
import type { MessageWire } from '../../../../src/contract/schemas/messages.ts';
import { MessagesScreen } from '../../../../src/renderer/views/messages/messages-screen.svelte.ts';
import { BATCH } from '../../../../src/renderer/views/messages/timeline.svelte.ts';
import { message } from './message-fixture.ts';
import { RecordingCore, SIDEBAR } from './recording-core.ts';

const SERVER = 'https://chat.example.com';
let accounts = 0;

/** A fresh account each time: the window remembers each account's place (places.ts). */
function account(): AccountSummary {
  accounts += 1;
  return {
    id: `acct-${accounts}`,
    serverUrl: SERVER,
    email: 'me@example.com',
    fullName: 'Me',
    userId: 9,
    role: 400,
    realmName: 'Example',
    featureLevel: 400,
  } as AccountSummary;
}

/** `n` channel messages, ids 1..n, in `general` > `deploy` unless told otherwise. */
function history(n: number, extra: (id: number) => Partial<MessageWire> = () => ({})) {
  return Array.from({ length: n }, (_, i) =>
    message(i + 1, { subject: 'deploy', flags: ['read'], ...extra(i + 1) }),
  );
}

let core: RecordingCore;
let screen: MessagesScreen;
let stop: (() => void) | undefined;

function begin(options: { inView?: () => boolean } = {}): MessagesScreen {
  screen = new MessagesScreen(core, account(), { inView: () => true, ...options });
  stop = screen.start();
  return screen;
}

const ids = () => screen.timeline.messages.map((m) => m.id);
/** Waits for what the screen shows, as a user waits for the list to fill. */
const shows = (check: () => void) => vi.waitFor(check, { timeout: 5000 });

beforeEach(() => {
  core = new RecordingCore();
  core.messages = history(150);
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
});

describe('opening', () => {
  test('the first open shows the newest page, the sidebar and the narrow bar empty', async () => {
    begin();
    await shows(() => expect(ids().at(-1)).toBe(150));
    expect(ids()).toHaveLength(101);
    expect(screen.timeline.foundNewest).toBe(true);
    await shows(() => expect(screen.sidebar?.channels[0]?.name).toBe('general'));
    expect(screen.text).toBe('');
    expect(screen.channelName(1)).toBe('general');
    expect(screen.topicName('')).toBe('general chat');
  });

  test('a narrow replaces the list, the bar text and what the window remembers', async () => {
    core.messages = history(10, (id) => ({ subject: id % 2 ? 'deploy' : 'lunch' }));
    begin();
    await shows(() => expect(ids()).toHaveLength(10));
    screen.open(
      [
        { operator: 'channel', operand: 'general' },
        { operator: 'topic', operand: 'lunch' },
      ],
      { kind: 'newest' },
    );
    expect(screen.text).toBe('channel:general topic:lunch');
    await shows(() => expect(ids()).toEqual([2, 4, 6, 8, 10]));
    expect(screen.place.terms).toEqual(screen.terms);
    // Back to all messages from the keyboard, and nothing to go back to from there.
    expect(screen.back()).toBe(true);
    await shows(() => expect(ids()).toHaveLength(10));
    expect(screen.back()).toBe(false);
  });

  test('near: in the bar is where to start, not a filter, and selects that message', async () => {
    begin();
    await shows(() => expect(ids()).toHaveLength(101));
    screen.open(
      [
        { operator: 'channel', operand: 'general' },
        { operator: 'near', operand: 20 },
      ],
      { kind: 'newest' },
    );
    expect(screen.terms).toEqual([{ operator: 'channel', operand: 'general' }]);
    expect(screen.text).toBe('channel:general near:20');
    expect(screen.selectedId).toBe(20);
    await shows(() => expect(ids()).toContain(20));
    expect(ids()[0]).toBe(1);
    expect(screen.jumpedId).toBe(20);
  });

  test('an old screen’s late answer never fills the narrow opened after it', async () => {
    begin();
    screen.open([{ operator: 'topic', operand: 'nothing here' }], { kind: 'newest' });
    await shows(() => expect(screen.timeline.loading).toBeUndefined());
    expect(ids()).toEqual([]);
  });

  test('the window remembers the message the user was on for the next screen', async () => {
    begin();
    await shows(() => expect(ids()).toHaveLength(101));
    screen.moveTo(77);
    stop?.();
    stop = undefined;
    const again = new MessagesScreen(core, screen.account, { inView: () => true });
    stop = again.start();
    screen = again;
    await shows(() => expect(ids()).toContain(77));
    expect(screen.selectedId).toBe(77);
    const opens = core.callsTo('messages.fetch');
    expect(opens.at(-1)).toMatchObject({ anchor: 77 });
  });
});

describe('scrolling', () => {
  test('older messages come in a batch before the first loaded, once', async () => {
    core.messages = history(1500);
    begin();
    await shows(() => expect(ids()).toHaveLength(101));
    await screen.timeline.loadOlder();
    expect(core.callsTo('messages.fetch').at(-1)).toMatchObject({
      anchor: 1400,
      numBefore: BATCH,
      numAfter: 0,
    });
    expect(ids()[0]).toBe(400);
    expect(ids()).toHaveLength(1101);
    expect(screen.timeline.foundOldest).toBe(false);
    await screen.timeline.loadOlder();
    expect(ids()[0]).toBe(1);
    expect(screen.timeline.foundOldest).toBe(true);
    const asked = core.callsTo('messages.fetch').length;
    await screen.timeline.loadOlder();
    expect(core.callsTo('messages.fetch')).toHaveLength(asked);
  });

  test('a narrow opened in the middle grows newer until the newest end', async () => {
    core.messages = history(400);
    begin();
    await shows(() => expect(ids()).toHaveLength(101));
    screen.open([], { kind: 'id', id: 100 });
    await shows(() => expect(ids().at(-1)).toBe(200));
    expect(screen.timeline.foundNewest).toBe(false);
    await screen.timeline.loadNewer();
    expect(ids().at(-1)).toBe(400);
    expect(screen.timeline.foundNewest).toBe(true);
  });

  test('j and k walk the loaded messages; s narrows to the selected topic', async () => {
    core.messages = history(3, (id) => ({ subject: id === 2 ? 'lunch' : 'deploy' }));
    begin();
    await shows(() => expect(ids()).toHaveLength(3));
    expect(screen.move(-1)).toBe(true);
    expect(screen.selectedId).toBe(3);
    screen.move(-1);
    expect(screen.selectedId).toBe(2);
    expect(screen.narrowToSelected()).toBe(true);
    expect(screen.terms).toEqual([
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: 'lunch' },
    ]);
    await shows(() => expect(ids()).toEqual([2]));
    // From a topic, `s` widens to its channel.
    screen.narrowToSelected();
    expect(screen.terms).toEqual([{ operator: 'channel', operand: 'general' }]);
  });
});

describe('live updates', () => {
  test('a topic resolved while read takes the view, the selection and compose along', async () => {
    begin();
    await screen.loadSidebar();
    const deploy = [
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: 'deploy' },
    ];
    screen.open(deploy, { kind: 'newest' });
    await shows(() => expect(ids().at(-1)).toBe(150));
    screen.moveTo(149);
    screen.aimAt(screen.target);
    screen.draft = 'half a thought';
    for (const m of core.messages) m.subject = '✔ deploy';
    core.push('messages.events', {
      accountId: screen.account.id,
      events: [
        {
          type: 'update_message',
          message_id: 149,
          message_ids: core.messages.map((m) => m.id),
          stream_id: 1,
          orig_subject: 'deploy',
          subject: '✔ deploy',
          propagate_mode: 'change_all',
        },
      ],
    });
    expect(screen.text).toBe('channel:general topic:"✔ deploy"');
    expect(screen.selectedId).toBe(149);
    expect(screen.topic).toBe('✔ deploy');
    expect(screen.draft).toBe('half a thought');
    await shows(() => expect(ids()).toContain(149));
    // Another topic's move leaves the view alone.
    core.push('messages.events', {
      accountId: screen.account.id,
      events: [
        {
          type: 'update_message',
          message_id: 1,
          message_ids: [1],
          stream_id: 1,
          orig_subject: 'lunch',
          subject: 'food',
          propagate_mode: 'change_all',
        },
      ],
    });
    expect(screen.topic).toBe('✔ deploy');
  });

  test('Escape goes to the reader’s home view, and nowhere when they turned that off', async () => {
    core.sidebar = { ...SIDEBAR, reader: { ...SIDEBAR.reader!, homeView: 'recent' } };
    begin();
    await screen.loadSidebar();
    expect(screen.back()).toBe('recent');
    core.sidebar = {
      ...SIDEBAR,
      reader: { ...SIDEBAR.reader!, homeView: 'inbox', escapeToHome: false },
    };
    await screen.loadSidebar();
    expect(screen.back()).toBe(false);
  });

  test('sender:me asks for the reader’s own messages', async () => {
    begin();
    await screen.loadSidebar();
    screen.open([{ operator: 'sender', operand: 'me' }], { kind: 'newest' });
    expect(screen.terms).toEqual([{ operator: 'sender', operand: 9 }]);
  });

  test('a new message in the narrow shows; another account’s events change nothing', async () => {
    begin();
    await shows(() => expect(ids().at(-1)).toBe(150));
    core.messages.push(message(151, { subject: 'deploy', content: '<p>new</p>' }));
    core.push('messages.events', {
      accountId: 'someone-else',
      events: [{ type: 'message', id: 1 }],
    });
    core.push('messages.events', {
      accountId: screen.account.id,
      events: [{ type: 'message', id: 2 }],
    });
    await shows(() => expect(ids().at(-1)).toBe(151));
    expect(ids().filter((id) => id === 151)).toHaveLength(1);
  });

  test('a message the Core sends in its fetched shape shows without a fetch', async () => {
    begin();
    await shows(() => expect(ids().at(-1)).toBe(150));
    const fetches = core.callsTo('messages.fetch').length;
    core.push('messages.events', {
      accountId: screen.account.id,
      events: [{ type: 'message', message: message(151, { content: '<p>new</p>' }), flags: [] }],
      asFetched: true,
    });
    await shows(() => expect(ids().at(-1)).toBe(151));
    expect(core.callsTo('messages.fetch')).toHaveLength(fetches);
  });

  test('an edit, a reaction and a deletion apply to the loaded messages', async () => {
    begin();
    await shows(() => expect(ids()).toHaveLength(101));
    core.push('messages.events', {
      accountId: screen.account.id,
      events: [
        { type: 'delete_message', message_id: 150 },
        {
          type: 'reaction',
          op: 'add',
          message_id: 149,
          user_id: 9,
          emoji_name: 'tada',
          emoji_code: '1f389',
          reaction_type: 'unicode_emoji',
        },
      ],
    });
    await shows(() => expect(ids().at(-1)).toBe(149));
    expect(screen.timeline.messages.at(-1)?.reactions).toHaveLength(1);
  });

  test('the sidebar follows the Core’s patches; other pushes ask it for nothing', async () => {
    begin();
    await shows(() => expect(screen.sidebar?.channels[0]?.unread).toBe(0));
    expect(core.callsTo('messages.sidebar')).toHaveLength(1);
    const { channels: _c, conversations: _d, ...head } = SIDEBAR;
    const general = SIDEBAR.channels[0]!;
    const { topics: _t, ...row } = general;
    core.push('messages.sidebarPatch', {
      accountId: screen.account.id,
      seq: 1,
      head,
      upsert: [
        { kind: 'channel', channel: { ...row, unread: 3 } },
        {
          kind: 'topic',
          streamId: general.streamId,
          topic: { name: 'deploy', unread: 3 },
        },
      ],
      remove: [],
    });
    expect(screen.sidebar?.channels[0]?.unread).toBe(3);
    expect(screen.sidebar?.channels[0]?.topics.map((t) => t.name)).toEqual(['deploy']);
    core.push('messages.unreadChanged', { accountId: screen.account.id });
    core.push('messages.rulesChanged', { accountId: screen.account.id });
    core.push('messages.events', { accountId: screen.account.id, events: [] });
    expect(core.callsTo('messages.sidebar')).toHaveLength(1);
    // A patch that skips one (lost while away) has the whole sidebar asked for again.
    core.push('messages.sidebarPatch', {
      accountId: screen.account.id,
      seq: 3,
      head,
      upsert: [],
      remove: [],
    });
    await shows(() => expect(core.callsTo('messages.sidebar')).toHaveLength(2));
  });

  test('leaving the screen stops the sidebar’s patches', async () => {
    begin();
    await shows(() => expect(screen.sidebar).toBeDefined());
    stop?.();
    stop = undefined;
    expect(core.callsTo('messages.sidebarUnwatch')).toEqual([{ accountId: screen.account.id }]);
  });

  test('after the queue was lost, the list shows what changed meanwhile', async () => {
    begin();
    await shows(() => expect(ids()).toHaveLength(101));
    // Behind the screen's back: one message edited, one deleted, two new.
    core.messages = core.messages
      .filter((m) => m.id !== 140)
      .map((m) => (m.id === 145 ? { ...m, content: '<p>edited</p>' } : m));
    core.messages.push(message(151, { subject: 'deploy' }), message(152, { subject: 'deploy' }));
    core.push('messages.stale', { accountId: screen.account.id });
    await shows(() => expect(ids().at(-1)).toBe(152));
    expect(ids()).not.toContain(140);
    expect(screen.timeline.messages.find((m) => m.id === 145)?.content).toBe('<p>edited</p>');
    // The older stretch the new page does not cover stays loaded.
    expect(ids()[0]).toBe(50);
  });

  test('a reaction and a star that come while the list is fetched again stay shown', async () => {
    begin();
    await shows(() => expect(ids()).toHaveLength(101));
    // The page is answered as the server held it before these two were made; their events
    // reach the screen before the answer does.
    core.messages.push(message(151, { subject: 'deploy', flags: ['read'] }));
    core.push('messages.stale', { accountId: screen.account.id });
    core.push('messages.events', {
      accountId: screen.account.id,
      events: [
        {
          type: 'reaction',
          op: 'add',
          message_id: 150,
          user_id: 9,
          emoji_name: 'tada',
          emoji_code: '1f389',
          reaction_type: 'unicode_emoji',
        },
        { type: 'update_message_flags', op: 'add', flag: 'starred', messages: [150] },
      ],
    });
    await shows(() => expect(ids().at(-1)).toBe(151));
    const row = screen.timeline.messages.find((m) => m.id === 150);
    expect(row?.reactions.map((r) => r.emoji_name)).toEqual(['tada']);
    expect(row?.flags).toContain('starred');
  });

  test('back in reach, a list that failed to open opens by itself', async () => {
    core.refuse.set('messages.fetch', new Error('network unreachable: ECONNREFUSED'));
    core.refuse.set('messages.sidebar', new Error('network unreachable: ECONNREFUSED'));
    begin();
    await shows(() => expect(screen.timeline.error).toBeDefined());
    await shows(() => expect(screen.sidebarError).toBeDefined());
    const status = (state: string) => [{ accountId: screen.account.id, health: { state } }];
    core.push('sync.status', status('backoff') as never);
    core.refuse.clear();
    core.push('sync.status', status('polling') as never);
    await shows(() => expect(ids()).toHaveLength(101));
    await shows(() => expect(screen.sidebarError).toBeUndefined());
    expect(screen.timeline.error).toBeUndefined();
  });
});

describe('reading', () => {
  test('messages seen are marked read in a batch once the policy is known', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    core.sidebar = undefined; // before the first registration: no policy yet
    begin();
    screen.seen([148, 149, 150]);
    vi.advanceTimersByTime(1000);
    expect(core.callsTo('messages.markRead')).toEqual([]);
    core.sidebar = SIDEBAR;
    await screen.loadSidebar();
    vi.advanceTimersByTime(1000);
    expect(core.callsTo('messages.markRead')).toEqual([
      { accountId: screen.account.id, messageIds: [148, 149, 150] },
    ]);
  });

  test('after a mark unread here, nothing is marked read until another narrow opens', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    begin();
    await screen.loadSidebar();
    // The message menu's "Mark as unread from here" pauses the screen's reading.
    screen.reads.pause();
    screen.seen([148, 149, 150]);
    vi.advanceTimersByTime(1000);
    expect(core.callsTo('messages.markRead')).toEqual([]);
    screen.open([{ operator: 'channel', operand: 'general' }], { kind: 'newest' });
    screen.seen([150]);
    vi.advanceTimersByTime(1000);
    expect(core.callsTo('messages.markRead')).toEqual([
      { accountId: screen.account.id, messageIds: [150] },
    ]);
  });

  test('a search never marks read, whatever the policy', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    begin();
    await screen.loadSidebar();
    screen.open([{ operator: 'search', operand: 'latency' }], { kind: 'newest' });
    expect(screen.marksRead).toBe(false);
    screen.seen([1, 2]);
    vi.advanceTimersByTime(1000);
    expect(core.callsTo('messages.markRead')).toEqual([]);
  });

  test.each([
    [1, 'always', true, true],
    [2, 'in conversation views only', false, true],
    [3, 'never', false, false],
  ])('policy %i (%s): all messages %s, a topic %s', async (policy, _, inAll, inTopic) => {
    core.sidebar = { ...SIDEBAR, reader: { ...SIDEBAR.reader!, markReadPolicy: policy } };
    begin();
    await screen.loadSidebar();
    expect(screen.marksRead).toBe(inAll);
    screen.open(
      [
        { operator: 'channel', operand: 'general' },
        { operator: 'topic', operand: 'deploy' },
      ],
      { kind: 'first_unread' },
    );
    expect(screen.marksRead).toBe(inTopic);
  });

  test('a read mark that fails says so on the list it was for, not on the next one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    core.refuse.set('messages.markRead', new Error('The server is out of reach.'));
    begin();
    await screen.loadSidebar();
    await shows(() => expect(ids()).toContain(150));
    screen.seen([150]);
    vi.advanceTimersByTime(1000);
    await shows(() => expect(screen.timeline.error).toContain('out of reach'));

    // Sent from this list; the refusal comes once the reader has opened another topic.
    screen.seen([149]);
    vi.advanceTimersByTime(1000);
    screen.open(
      [
        { operator: 'channel', operand: 'general' },
        { operator: 'topic', operand: 'elsewhere' },
      ],
      { kind: 'newest' },
    );
    await shows(() => expect(screen.timeline.loading).toBeUndefined());
    expect(core.callsTo('messages.markRead')).toHaveLength(2);
    expect(screen.timeline.error).toBeUndefined();
  });

  test('seen while the window is in the background: marked when it comes forward', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let visible = false;
    begin({ inView: () => visible });
    await screen.loadSidebar();
    screen.seen([150]);
    vi.advanceTimersByTime(1000);
    expect(core.callsTo('messages.markRead')).toEqual([]);
    visible = true;
    screen.reads.focused();
    vi.advanceTimersByTime(1000);
    expect(core.callsTo('messages.markRead')).toHaveLength(1);
  });
});

describe('links', () => {
  test('a link to a message of this organization opens it in all messages', async () => {
    begin();
    await screen.loadSidebar();
    expect(screen.openLink(`${SERVER}/#narrow/channel/1-general/topic/deploy/near/42`)).toBe(true);
    expect(screen.terms).toEqual([]);
    expect(screen.opened).toEqual({ kind: 'id', id: 42 });
  });

  test('a conversation link opens the channel by its name, at the first unread', async () => {
    begin();
    await screen.loadSidebar();
    expect(screen.openLink(`${SERVER}/#narrow/channel/1-general/topic/deploy`)).toBe(true);
    expect(screen.terms).toEqual([
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: 'deploy' },
    ]);
    expect(screen.opened).toEqual({ kind: 'first_unread' });
  });

  test('any other link is left to the browser', () => {
    begin();
    expect(screen.openLink('https://elsewhere.example.org/#narrow/channel/1-x')).toBe(false);
    expect(screen.openLink(`${SERVER}/help/`)).toBe(false);
    expect(screen.terms).toEqual([]);
  });
});

describe('compose and drafts', () => {
  const topicNarrow = [
    { operator: 'channel', operand: 'general' },
    { operator: 'topic', operand: 'deploy' },
  ];

  test('each narrow keeps its own draft; the Drafts list names every unsent one', async () => {
    begin();
    await shows(() => expect(screen.sidebar).toBeDefined());
    screen.open(topicNarrow, { kind: 'newest' });
    expect(screen.topic).toBe('deploy');
    screen.draft = 'rolling back at 5';
    screen.open([], { kind: 'newest' });
    expect(screen.draft).toBe('');
    screen.draft = 'lunch?';
    flushSync();
    expect(screen.draftList.map((d) => d.content).sort()).toEqual(['lunch?', 'rolling back at 5']);
    screen.open(topicNarrow, { kind: 'newest' });
    expect(screen.draft).toBe('rolling back at 5');
    expect(screen.topic).toBe('deploy');
  });

  test('a sent text leaves its draft; what was typed meanwhile stays', () => {
    begin();
    screen.draft = 'first part and more';
    screen.sent('first part', screen.draftKey);
    expect(screen.draft).toBe('and more');
  });

  test('deleting a draft clears it here and asks the Core to forget it', async () => {
    begin();
    await shows(() => expect(screen.draftsReady).toBe(true));
    screen.draft = 'to go';
    screen.deleteDraft(screen.draftKey);
    expect(screen.draft).toBe('');
    expect(core.callsTo('drafts.delete')).toEqual([{ accountId: screen.account.id, key: '' }]);
  });

  test('compose keeps its target while messages and sidebar patches come in', async () => {
    begin();
    await screen.loadSidebar();
    screen.open([{ operator: 'channel', operand: 'general' }], { kind: 'newest' });
    await shows(() => expect(ids().at(-1)).toBe(150));
    const target = screen.target;
    expect(target?.recipient).toMatchObject({ type: 'stream', channel: 'general' });
    core.messages.push(message(151, { subject: 'deploy', content: '<p>new</p>' }));
    core.push('messages.events', {
      accountId: screen.account.id,
      events: [{ type: 'message', id: 2 }],
    });
    await shows(() => expect(ids().at(-1)).toBe(151));
    const { channels: _c, conversations: _d, ...head } = SIDEBAR;
    const { topics: _t, ...row } = SIDEBAR.channels[0]!;
    core.push('messages.sidebarPatch', {
      accountId: screen.account.id,
      seq: 1,
      head,
      upsert: [{ kind: 'channel', channel: { ...row, unread: 1 } }],
      remove: [],
    });
    expect(screen.sidebar?.channels[0]?.unread).toBe(1);
    // The same place to write to: the same object, so compose is not redrawn for it.
    expect(screen.target).toBe(target);
  });

  test('a selected message aims compose at its topic until the user picks another', async () => {
    core.messages = history(3, (id) => ({ subject: id === 2 ? 'lunch' : 'deploy' }));
    begin();
    await shows(() => expect(ids()).toHaveLength(3));
    await screen.loadSidebar();
    screen.moveTo(2);
    screen.aimAt(screen.target);
    expect(screen.recipient).toMatchObject({ type: 'stream' });
    expect(screen.topic).toBe('lunch');
    screen.pick({ type: 'direct', users: [] });
    screen.moveTo(3);
    screen.aimAt(screen.target);
    expect(screen.recipient).toEqual({ type: 'direct', users: [] });
    expect(screen.topic).toBe('lunch');
  });

  test('c starts a new topic in the narrow’s channel; elsewhere a channel is chosen first', async () => {
    begin();
    await screen.loadSidebar();
    expect(screen.composeInChannel()).toBe('Channel');
    expect(screen.recipient).toBeUndefined();
    screen.open(topicNarrow, { kind: 'newest' });
    expect(screen.composeInChannel()).toBe('Topic');
    expect(screen.topic).toBe('');
    expect(screen.picked).toBe(true);
    // In a direct message there is no channel to take: compose asks for one.
    screen.open([{ operator: 'dm', operand: [4] }], { kind: 'newest' });
    expect(screen.composeInChannel()).toBe('Channel');
    expect(screen.recipient).toBeUndefined();
  });

  test('a person card’s direct message opens the conversation with compose aimed at it', async () => {
    begin();
    await screen.loadSidebar();
    screen.directMessage({ id: 4, name: 'Ada' });
    expect(screen.terms).toEqual([{ operator: 'dm', operand: [4] }]);
    expect(screen.recipient).toEqual({ type: 'direct', users: [{ id: 4, name: 'Ada' }] });
  });
});

test('a refused reaction is shown with a retry that goes through once the Core takes it', async () => {
  begin();
  core.refuse.set('messages.react', new Error('Reaction does not exist'));
  screen.react(150, { name: 'tada', code: '1f389', type: 'unicode_emoji' }, 'remove');
  await shows(() => expect(screen.reactError).toBeDefined());
  core.refuse.delete('messages.react');
  screen.reactError!.retry();
  await shows(() => expect(screen.reactError).toBeUndefined());
  expect(core.callsTo('messages.react')).toHaveLength(2);
  // Another narrow clears a refusal still shown.
  screen.react(150, { name: 'tada', code: '1f389', type: 'unicode_emoji' }, 'add');
  core.refuse.set('messages.react', new Error('no'));
  screen.open([], { kind: 'newest' });
  expect(screen.reactError).toBeUndefined();
});
