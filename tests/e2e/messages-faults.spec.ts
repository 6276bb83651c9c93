/**
 * Network faults in the Messages view, in Chromium, the organization reached through the
 * suite's fault proxy; the server is asked afterwards what it holds. A lost queue: the event
 * queue is lost during an outage (the server deletes it, as a restart would) and someone posts
 * in the open topic meanwhile. No event will ever bring that message; once the server answers
 * again, the Core registers a new queue and the open conversation and the sidebar fetch what
 * they show anew, without the user doing anything. An outage at opening: Messages opened during
 * an outage still knows where compose writes and takes text; the sidebar says why it is short,
 * offers Try again, and loads by itself once back. A lost answer (docs/architecture.md
 * "Writes"): a star or reaction lost on its way says so in words, the network's own error only
 * under Details, and Try again makes it once; one whose answer is lost is read back and
 * reported as made ("Starred."), not as a failure. The same for mark unread, and for the edit
 * and move forms, whose failure stays in the form with Try again. A poll's vote is settled the
 * same way, and each failure is said once: in the poll while it is on screen, in the banner
 * with Retry once the reader has left.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type ServerUser, type StartedServer } from '../../src/server/index.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import { exactly, startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { messageRow, narrowTo, sidebarButton } from './support/message-data.ts';
import { menuItem } from './support/message-menu.ts';
import { expectNoPageErrors } from './support/page-errors.ts';
import { queueState, untilPolling } from './support/queue-state.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { shot, shotsAcross } from './support/shots.ts';

let server: StartedServer;
let proxy: FaultProxy;
let mode: BrowserMode;
let member: ServerUser;
let owner: ServerUser;

expectNoPageErrors();

test.beforeEach(async () => {
  server = await startServer({ rateLimit: false, heartbeatSeconds: 1 });
  proxy = await startFaultProxy(server.url);
  mode = await startBrowserMode();
  member = server.users.find((u) => u.email.startsWith('member@'))!;
  owner = server.users.find((u) => u.email.startsWith('owner@'))!;
});
test.afterEach(async () => {
  await mode.stop();
  await proxy.close();
  await server.close();
});

function post(from: ServerUser, topic: string, content: string): number {
  const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
  return messaging(server.ctx).send({
    sender: server.state.users.get(from.user_id) as UserRecord,
    streamId: general.stream_id,
    topic,
    content,
  }).id;
}

async function open(page: Page, narrow: string): Promise<void> {
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: proxy.url,
    email: member.email,
    apiKey: member.api_key,
  });
  await page.setViewportSize({ width: 1000, height: 760 });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await narrowTo(page, narrow);
}

test('a message posted while the queue was lost shows in the open topic once the server is back', async ({
  page,
}) => {
  const before = post(owner, 'lost queue', 'Before the outage');
  await open(page, 'channel:general topic:"lost queue"');
  await expect(messageRow(page, before)).toBeVisible();
  const otherTopic = page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /^Topic elsewhere/ });
  await expect(otherTopic).toHaveCount(0);

  // The outage: every connection dropped, the long-poll's included; the server loses the queue.
  const outage = proxy.outage();
  expect(server.queues.dropAllOf(member.user_id)).toBeGreaterThan(0);
  const during = post(owner, 'lost queue', 'Posted while the queue was lost');
  post(owner, 'elsewhere', 'A new topic the sidebar has not seen');

  outage.end();
  // No click, no typing: the open conversation and the sidebar catch up by themselves.
  await expect(messageRow(page, during)).toContainText('Posted while the queue was lost');
  await expect(otherTopic).toHaveCount(1);
  await expect(messageRow(page, before)).toBeVisible();
  await shot(page, 'queue-lost-caught-up');
});

test('Messages opened during an outage writes to the conversation, and loads in full once back', async ({
  page,
}) => {
  const earlier = post(owner, 'deploys', 'Deploy at noon');
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: proxy.url,
    email: member.email,
    apiKey: member.api_key,
  });
  await untilPolling(mode);
  // The window opens only once the server is out of reach: nothing of Messages is loaded yet.
  const outage = proxy.outage();
  await expect.poll(() => queueState(mode)).not.toBe('polling');
  await page.setViewportSize({ width: 1000, height: 760 });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await narrowTo(page, 'channel:general topic:deploys');

  const compose = page.getByRole('form', { name: 'Compose' });
  await expect(compose.getByRole('combobox', { name: 'Channel' })).toHaveValue('general');
  await expect(compose.getByRole('combobox', { name: 'Topic' })).toHaveValue('deploys');
  const box = compose.getByRole('textbox', { name: 'Message' });
  await box.fill('Typed while the server is away');
  await expect(box).toHaveValue('Typed while the server is away');

  const conversations = page.getByRole('navigation', { name: 'Conversations' });
  const problem = conversations.getByRole('alert');
  await expect(problem).toContainText('The server cannot be reached');
  await expect(problem.getByRole('button', { name: 'Try again' })).toBeVisible();
  // The network's own words only behind Details.
  await expect(problem.getByText(/network/)).toBeHidden();
  const list = page.getByRole('region', { name: 'Message list' });
  await expect(list.getByRole('alert')).toContainText(
    'The messages load by themselves when the connection is back.',
  );
  await expect(list.getByRole('alert')).not.toContainText('GET /messages');
  await shot(page, 'messages-opened-in-outage');

  outage.end();
  // No click: the list and the conversation load once the server answers again.
  await expect(problem).toHaveCount(0);
  await expect(conversations.getByRole('button', { name: /^Topic deploys/ })).toBeVisible();
  await expect(messageRow(page, earlier)).toBeVisible();
  await expect(list.getByRole('alert')).toHaveCount(0);
  await expect(box).toHaveValue('Typed while the server is away');
});

/**
 * Posts a message of the member's own (already read: no mark-read competes with the faults)
 * in topic "faults" and opens `narrow` on it; returns its id and row.
 */
async function openOwn(page: Page, content: string, narrow = 'channel:general topic:faults') {
  const id = post(member, 'faults', content);
  await open(page, narrow);
  const row = messageRow(page, id);
  await expect(row).toBeVisible();
  return { id, row };
}

const memberAuth = () =>
  `Basic ${Buffer.from(`${member.email}:${member.api_key}`).toString('base64')}`;

/** The message as the server holds it for the member. */
async function onServer(id: number): Promise<{ flags: string[]; reactions: unknown[] }> {
  const res = await fetch(`${server.url}/api/v1/messages/${id}`, {
    headers: { authorization: memberAuth() },
  });
  return ((await res.json()) as { message: { flags: string[]; reactions: unknown[] } }).message;
}

/** A write as the member, straight to the server (not through the proxy). */
async function ok(path: string, params: Record<string, string>): Promise<void> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: memberAuth(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  expect(res.ok).toBe(true);
}

async function reactOctopus(page: Page, id: number): Promise<void> {
  const row = messageRow(page, id);
  await row.hover();
  await row.getByRole('button', { name: 'Add reaction' }).click();
  const picker = row.getByRole('dialog', { name: 'Emoji picker' });
  await picker.getByRole('textbox', { name: 'Search emoji' }).fill('octo');
  await picker.getByRole('button', { name: 'octopus', exact: true }).click();
}

/** Applies `fault` to the writes (not the reads) under /messages/`part`; returns the undo. */
const onWrites = (part: string, fault: 'refuse' | 'cut') =>
  proxy.add((r) =>
    r.method !== 'GET' && r.path.startsWith(`/api/v1/messages/${part}`)
      ? { kind: fault }
      : undefined,
  );

test('a star and a reaction lost on the way say so in words, and Try again makes each once', async ({
  page,
}) => {
  const { id, row } = await openOwn(page, 'Star me through a bad network');

  let lift = onWrites('flags', 'refuse');
  await (await menuItem(page, id, 'Star message')).click();
  const starError = row.getByRole('alert');
  await expect(starError.locator('.sentence')).toHaveText(
    'Not changed. The connection broke off before the server took the change. Try again.',
  );
  // The network's words wait behind Details.
  await expect(starError.getByTestId('error-details')).toBeHidden();
  await starError.getByText('Details').click();
  await expect(starError.getByTestId('error-details')).toContainText('network');
  await shot(page, 'star-not-changed');
  expect((await onServer(id)).flags).not.toContain('starred');

  lift();
  await row.getByRole('button', { name: 'Try again' }).click();
  await expect(row.getByRole('status')).toHaveText('Starred.');
  await expect(row.getByRole('img', { name: 'Starred' })).toBeVisible();
  await expect(row.getByRole('alert')).toHaveCount(0);
  expect((await onServer(id)).flags).toContain('starred');

  lift = onWrites(`${id}/reactions`, 'refuse');
  await reactOctopus(page, id);
  const list = page.getByRole('region', { name: 'Message list' });
  const reactError = list.getByRole('alert').filter({ hasText: 'Reaction not changed.' });
  await expect(reactError.locator('.sentence')).toContainText(
    'broke off before the server took the change',
  );
  await expect(reactError.locator('.sentence')).not.toContainText('ECONN');
  await expect(reactError.locator('.sentence')).not.toContainText('POST');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'reaction-not-changed-dark');
  expect((await onServer(id)).reactions).toHaveLength(0);

  lift();
  await list.getByRole('button', { name: 'Try again' }).click();
  await expect(row.getByRole('button', { name: 'octopus: 1 by you' })).toBeVisible();
  await expect(reactError).toHaveCount(0);
  expect((await onServer(id)).reactions).toHaveLength(1);
});

test('a star and a reaction whose answer is lost are read back and shown as made, once', async ({
  page,
}) => {
  const { id, row } = await openOwn(page, 'The server takes it, the answer is lost');

  onWrites('flags', 'cut');
  onWrites(`${id}/reactions`, 'cut');
  await (await menuItem(page, id, 'Star message')).click();
  await expect(row.getByRole('status')).toHaveText('Starred.');
  await expect(row.getByRole('img', { name: 'Starred' })).toBeVisible();
  await reactOctopus(page, id);
  await expect(row.getByRole('button', { name: 'octopus: 1 by you' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const held = await onServer(id);
  expect(held.flags).toContain('starred');
  expect(held.reactions).toHaveLength(1);
});

test('mark unread whose answer is lost says it is made; one that never arrived offers Try again', async ({
  page,
}) => {
  const { id, row } = await openOwn(page, 'Read me again later');

  const lift = onWrites('flags/narrow', 'refuse');
  await (await menuItem(page, id, 'Mark as unread from here')).click();
  await expect(row.getByRole('alert').locator('.sentence')).toHaveText(
    'Not marked unread. The connection broke off before the server took the change. Try again.',
  );
  expect((await onServer(id)).flags).toContain('read');
  lift();
  await row.getByRole('button', { name: 'Try again' }).click();
  await expect(row.getByRole('status')).toHaveText('Marked 1 message unread.');
  // Shown unread, and left so: the view marks nothing read until the user goes elsewhere.
  await expect(row).toHaveClass(/\bunread\b/);
  expect((await onServer(id)).flags).not.toContain('read');

  await expect(row.getByRole('alert')).toHaveCount(0);
  await ok(`/messages/flags`, { messages: JSON.stringify([id]), op: 'add', flag: 'read' });
  onWrites('flags/narrow', 'cut');
  await (await menuItem(page, id, 'Mark as unread from here')).click();
  // How many changed went with the answer; that it is made comes from reading it back.
  await expect(row.getByRole('status')).toHaveText('Marked unread.');
  await expect(row.getByRole('alert')).toHaveCount(0);
  expect((await onServer(id)).flags).not.toContain('read');
});

/** The message's text, topic and edit count as the server holds it. */
async function heldText(id: number): Promise<{ raw: string; topic: string; edits: number }> {
  const res = await fetch(`${server.url}/api/v1/messages/${id}?apply_markdown=false`, {
    headers: { authorization: memberAuth() },
  });
  const body = (await res.json()) as {
    raw_content: string;
    message: { subject: string; edit_history?: unknown[] };
  };
  return {
    raw: body.raw_content,
    topic: body.message.subject,
    edits: body.message.edit_history?.length ?? 0,
  };
}

/** The member's PATCH /messages/{id} requests, whatever the proxy did to them. */
const patches = (id: number) =>
  proxy.log.filter((e) => exactly('PATCH', `/api/v1/messages/${id}`)(e.req));
const onPatch = (id: number, fault: 'refuse' | 'cut') =>
  proxy.add((r) => (exactly('PATCH', `/api/v1/messages/${id}`)(r) ? { kind: fault } : undefined));

async function edit(page: Page, id: number, text: string) {
  await (await menuItem(page, id, 'Edit message')).click();
  const form = page.getByRole('form', { name: `Edit message ${id}` });
  const box = form.getByRole('textbox', { name: 'Message text' });
  await expect(box).toBeEnabled();
  await box.fill(text);
  await form.getByRole('button', { name: 'Save' }).click();
  return form;
}

async function move(page: Page, id: number, topic: string) {
  await (await menuItem(page, id, 'Move message or topic…')).click();
  const form = page.getByRole('form', { name: `Move message ${id}` });
  await form.getByRole('textbox', { name: 'Topic' }).fill(topic);
  await form.getByRole('button', { name: 'Move' }).click();
  return form;
}

test('an edit and a move whose answer is lost are read back and said as made, once', async ({
  page,
}) => {
  // The whole channel: the moved message stays in view with its result.
  const { id, row } = await openOwn(page, 'Words before the edit', 'channel:general');
  onPatch(id, 'cut');

  const editForm = await edit(page, id, 'Words after the edit');
  await expect(row.getByRole('status')).toHaveText('Saved.');
  await expect(editForm).toHaveCount(0);
  await expect(row.locator('.msg-content')).toHaveText('Words after the edit');
  expect(await heldText(id)).toEqual({ raw: 'Words after the edit', topic: 'faults', edits: 1 });

  const moveForm = await move(page, id, 'faults moved');
  await expect(row.getByRole('status')).toHaveText('Moved to #general › faults moved.');
  await expect(moveForm).toHaveCount(0);
  await expect(row.locator('.where')).toContainText('faults moved');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The sidebar follows the move: the new topic is listed, the emptied one is gone.
  await expect(
    sidebarButton(page, /^Topic faults moved(, \d+ unread,)? in general$/),
  ).toBeVisible();
  await expect(sidebarButton(page, /^Topic faults(, \d+ unread,)? in general$/)).toHaveCount(0);
  await shot(page, 'moved-after-lost-answer');
  // Each went to the server once, its answer cut, and the server applied each once.
  expect(patches(id).map((e) => e.fault)).toEqual(['cut', 'cut']);
  expect(await heldText(id)).toEqual({
    raw: 'Words after the edit',
    topic: 'faults moved',
    edits: 2,
  });
});

test('an edit and a move that never reach the server stay in their form with Try again', async ({
  page,
}) => {
  const { id, row } = await openOwn(page, 'Words before the edit', 'channel:general');

  let lift = onPatch(id, 'refuse');
  const editForm = await edit(page, id, 'Words after the edit');
  const editError = editForm.getByRole('alert');
  await expect(editError.locator('.sentence')).toHaveText(
    'Not saved. The connection broke off before the server took the change. Try again.',
  );
  await expect(editError.getByTestId('error-details')).toBeHidden();
  // The typed text waits in the form for the second try.
  await expect(editForm.getByRole('textbox', { name: 'Message text' })).toHaveValue(
    'Words after the edit',
  );
  await shot(page, 'edit-not-saved-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'edit-not-saved-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await heldText(id)).toEqual({ raw: 'Words before the edit', topic: 'faults', edits: 0 });

  lift();
  await editForm.getByRole('button', { name: 'Try again' }).click();
  await expect(row.getByRole('status')).toHaveText('Saved.');
  await expect(row.locator('.msg-content')).toHaveText('Words after the edit');
  expect(await heldText(id)).toEqual({ raw: 'Words after the edit', topic: 'faults', edits: 1 });

  lift = onPatch(id, 'refuse');
  const moveForm = await move(page, id, 'faults moved');
  const moveError = moveForm.getByRole('alert');
  await expect(moveError.locator('.sentence')).toHaveText(
    'Not moved. The connection broke off before the server took the change. Try again.',
  );
  await expect(moveForm.getByRole('textbox', { name: 'Topic' })).toHaveValue('faults moved');
  await shot(page, 'move-not-moved-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'move-not-moved-dark');
  expect((await heldText(id)).topic).toBe('faults');

  lift();
  await moveForm.getByRole('button', { name: 'Try again' }).click();
  await expect(row.getByRole('status')).toHaveText('Moved to #general › faults moved.');
  await expect(row.locator('.where')).toContainText('faults moved');
  expect(await heldText(id)).toEqual({
    raw: 'Words after the edit',
    topic: 'faults moved',
    edits: 2,
  });
});

/** Holds the member's star writes on the way, until dropped or released; returns the undo. */
const holdStars = () =>
  proxy.add((r) => (exactly('POST', '/api/v1/messages/flags')(r) ? { kind: 'hold' } : undefined));

async function leaveForInbox(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Inbox', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
}

async function backTo(page: Page, narrow: string): Promise<void> {
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await narrowTo(page, narrow);
}

test('a star whose answer is lost after the reader left is said where they are, with Retry', async ({
  page,
}) => {
  const { id } = await openOwn(page, 'Star me into the void');
  const lift = holdStars();
  // Its read-back cannot reach the server at first either: the Core asks again by itself.
  const noReads = proxy.add((r) =>
    exactly('GET', `/api/v1/messages/${id}`)(r) ? { kind: 'refuse' } : undefined,
  );
  await (await menuItem(page, id, 'Star message')).click();
  await expect.poll(() => proxy.held().length).toBe(1);
  await leaveForInbox(page);

  // The request never reaches the server, and its connection breaks off.
  expect(proxy.drop()).toBe(1);
  lift();
  noReads();
  const outcome = page.getByRole('alert').filter({ hasText: 'could not be confirmed' });
  await expect(outcome.locator('.sentence')).toHaveText(
    'Your star on your message in #general › faults could not be confirmed; it is not starred.',
  );
  await shotsAcross(page, 'star-not-confirmed', { height: 760 });
  // On the dark theme the sentence is a lighter red than the light theme's, readable (5:1).
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(outcome).toHaveCSS('color', 'rgb(206, 127, 120)');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(outcome).toHaveCSS('color', 'rgb(192, 57, 43)');
  expect((await onServer(id)).flags).not.toContain('starred');
  // Under the sentence, the Messages page still fits the window: compose's Send on screen.
  await page.setViewportSize({ width: 760, height: 760 });
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await expect(
    page.getByRole('form', { name: 'Compose' }).getByRole('button', { name: 'Send', exact: true }),
  ).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1280, height: 760 });

  await outcome.getByRole('button', { name: 'Retry' }).click();
  await expect(outcome).toHaveCount(0);
  expect((await onServer(id)).flags).toContain('starred');
  await backTo(page, 'channel:general topic:faults');
  await expect(messageRow(page, id).getByRole('img', { name: 'Starred' })).toBeVisible();
});

test('a star the server took while its answer was lost shows starred when the reader returns', async ({
  page,
}) => {
  const { id } = await openOwn(page, 'Taken, answer lost');
  const lift = holdStars();
  await (await menuItem(page, id, 'Star message')).click();
  await expect.poll(() => proxy.held().length).toBe(1);
  await leaveForInbox(page);

  // The server has it (the request reached it), but the answer never comes back.
  await ok('/messages/flags', { messages: JSON.stringify([id]), op: 'add', flag: 'starred' });
  expect(proxy.drop()).toBe(1);
  lift();
  await backTo(page, 'channel:general topic:faults');
  await expect(messageRow(page, id).getByRole('img', { name: 'Starred' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect((await onServer(id)).flags).toContain('starred');
});

/** Resolves with the next outcome the Core settles, as it leaves the Core. */
function nextSettled(): Promise<{ applied: boolean; told: boolean }> {
  return new Promise((resolve) => {
    const stop = mode.core.subscribe((topic, payload) => {
      if (topic !== 'actions.settled') return;
      stop();
      resolve(payload as { applied: boolean; told: boolean });
    });
  });
}

/**
 * Waits until the window has taken every push the Core sent so far: pushes arrive in order,
 * so once a message posted now shows, anything pushed before it has been shown or dropped.
 */
async function windowCaughtUp(page: Page): Promise<void> {
  const marker = post(owner, 'faults', 'Anything said before this has arrived');
  await expect(messageRow(page, marker)).toBeVisible();
}

const onSubmessages = (fault: 'refuse' | 'cut' | 'hold') =>
  proxy.add((r) => (exactly('POST', '/api/v1/submessage')(r) ? { kind: fault } : undefined));

/** The member's votes on the poll, as the server holds them. */
async function heldVotes(id: number): Promise<string[]> {
  const res = await fetch(`${server.url}/api/v1/messages/${id}`, {
    headers: { authorization: memberAuth() },
  });
  const { message } = (await res.json()) as {
    message: { submessages: { sender_id: number; content: string }[] };
  };
  return message.submessages
    .slice(1)
    .filter((s) => s.sender_id === member.user_id)
    .map((s) => s.content);
}

test('a vote lost on the way is said once, in the poll, and one whose answer is lost counts', async ({
  page,
}) => {
  const { id, row } = await openOwn(page, '/poll Lunch?\nNoodles\nTacos');
  const poll = row.getByRole('region', { name: 'Poll: Lunch?' });

  const lift = onSubmessages('refuse');
  const settled = nextSettled();
  await poll.getByRole('button', { name: 'Vote for Noodles (0 votes)' }).click();
  const error = poll.getByRole('alert');
  await expect(error.locator('.sentence')).toHaveText(
    'Vote not counted. The connection broke off before the server took the change. Try again.',
  );
  // The Core settled it too; the poll on screen said it, so the banner does not repeat it.
  expect(await settled).toEqual(expect.objectContaining({ applied: false, told: true }));
  await windowCaughtUp(page);
  await expect(page.getByRole('alert')).toHaveCount(1);
  await poll.scrollIntoViewIfNeeded();
  await shotsAcross(page, 'vote-not-counted-row', { height: 760 });
  expect(await heldVotes(id)).toEqual([]);

  lift();
  await poll.getByRole('button', { name: 'Try again' }).click();
  await expect(
    poll.getByRole('button', { name: 'Take back your vote for Noodles (1 vote)' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The server takes this one, but its answer never comes back: read back, it counts.
  onSubmessages('cut');
  await poll.getByRole('button', { name: 'Vote for Tacos (0 votes)' }).click();
  await expect(
    poll.getByRole('button', { name: 'Take back your vote for Tacos (1 vote)' }),
  ).toBeVisible();
  await windowCaughtUp(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await heldVotes(id)).toHaveLength(2);
});

test('a vote whose answer is lost after the reader left is said where they are, with Retry', async ({
  page,
}) => {
  const { id } = await openOwn(page, '/poll Lunch?\nNoodles\nTacos');
  const poll = messageRow(page, id).getByRole('region', { name: 'Poll: Lunch?' });
  const lift = onSubmessages('hold');
  await poll.getByRole('button', { name: 'Vote for Noodles (0 votes)' }).click();
  await expect.poll(() => proxy.held().length).toBe(1);
  await leaveForInbox(page);

  // The vote never reaches the server, and its connection breaks off.
  expect(proxy.drop()).toBe(1);
  lift();
  const outcome = page.getByRole('alert').filter({ hasText: 'could not be confirmed' });
  await expect(outcome.locator('.sentence')).toHaveText(
    'Your vote on your message in #general › faults could not be confirmed; it is not counted.',
  );
  await expect(page.getByRole('alert')).toHaveCount(1);
  await shotsAcross(page, 'vote-not-confirmed', { height: 760 });
  expect(await heldVotes(id)).toEqual([]);

  await outcome.getByRole('button', { name: 'Retry' }).click();
  await expect(outcome).toHaveCount(0);
  expect(await heldVotes(id)).toHaveLength(1);
  await backTo(page, 'channel:general topic:faults');
  await expect(
    poll.getByRole('button', { name: 'Take back your vote for Noodles (1 vote)' }),
  ).toBeVisible();
});
