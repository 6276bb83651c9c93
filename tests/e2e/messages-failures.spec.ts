/**
 * Bad answers in the messages view: a call the server refuses or answers with a malformed
 * body is named where the user is looking, loses nothing the user typed, applies nothing
 * half-way, and a retry works and clears the error. A real HTTP hop in front of the
 * reference server breaks the one call each test is about; the page must log no uncaught
 * error throughout.
 */
import { expect, test, type Page } from '@playwright/test';
import { ApiClient } from '../../src/api/client.ts';
import { createSavedSnippet } from '../../src/api/routes/saved-snippets.ts';
import { updateSubscriptionProperties } from '../../src/api/routes/subscriptions.ts';
import type { ServerUser, StartedServer } from '../../src/server/index.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { StoredMessage } from '../../src/server/messages/types.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import type { BrowserMode } from './support/web-host.ts';
import { expectNoPageErrors } from './support/page-errors.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import { startRewritingProxy } from './support/rewriting-proxy.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

type Request = { method: string; path: string };
/** Which answer to break and how: the rewritten body, or undefined to pass it through. */
let breakCall: (req: Request, body: Record<string, unknown>) => Record<string, unknown> | undefined;
/** Which request the server refuses (it never sees it): the error body, or undefined. */
let refuseCall: (req: Request) => Record<string, unknown> | undefined;
const refusal = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });

let proxy: Awaited<ReturnType<typeof startRewritingProxy>> | undefined;
expectNoPageErrors();
test.beforeEach(() => {
  breakCall = () => undefined;
  refuseCall = () => undefined;
});
test.afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

const owner = () => server.users.find((u) => u.role === 100 && !u.is_bot)!;
const member = () => server.users.find((u) => u.role === 400 && !u.is_bot)!;

function post(sender: ServerUser, topic: string, content: string): StoredMessage {
  const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
  return messaging(server.ctx).send({
    sender: server.state.users.get(sender.user_id) as UserRecord,
    streamId: general.stream_id,
    topic,
    content,
  });
}

/** The owner recolours #general from another device: the sidebar's subscriptions go stale. */
async function recolourGeneral(): Promise<void> {
  const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
  const client = new ApiClient({
    realmUrl: server.url,
    email: owner().email,
    apiKey: owner().api_key,
  });
  try {
    await updateSubscriptionProperties(client, [
      { stream_id: general.stream_id, property: 'color', value: '#2a9d8f' },
    ]);
  } finally {
    await client.close();
  }
}

/** Signs the owner in through the breaking proxy and opens the messages view. */
async function openMessages(page: Page): Promise<void> {
  proxy = await startRewritingProxy(
    server.url,
    (req, body) => breakCall(req, body),
    (req) => refuseCall(req),
  );
  // Their home view is all messages: Perch opens on Messages.
  server.state.users.get(owner().user_id)!.settings['web_home_view'] = 'all_messages';
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: proxy.url,
    email: owner().email,
    apiKey: owner().api_key,
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
}

const list = (page: Page) => page.getByRole('region', { name: 'Message list' });
const feed = (page: Page) => page.getByRole('log', { name: 'Messages' });
const topicButton = (page: Page, topic: string) =>
  page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(`^Topic ${topic}(, \\d+ unread,)? in general$`) });
const row = (page: Page, message: StoredMessage) =>
  page.locator(`article[data-message-id="${message.id}"]`);

test('a malformed first page is named, shows no empty history, and opening again loads it', async ({
  page,
}) => {
  const first = post(member(), 'hello', 'First visible message');
  // The window opens on the newest unread conversation, another topic: 'hello' is then a
  // narrow never fetched, which the Core's message store cannot answer from memory.
  const opener = post(member(), 'opener', 'The newest unread message');
  await openMessages(page);
  await expect(row(page, opener)).toBeVisible();
  await expect(row(page, first)).toHaveCount(0);
  breakCall = ({ method, path }, body) =>
    method === 'GET' && path.startsWith('/api/v1/messages?')
      ? { ...body, messages: 'not a list' }
      : undefined;
  await topicButton(page, 'hello').click();
  await expect(list(page).getByRole('alert')).toContainText(
    'GET /messages: malformed response at messages',
  );
  await expect(page.getByText('No messages here.')).toHaveCount(0);
  await expect(feed(page)).toHaveAttribute('aria-busy', 'false');

  breakCall = () => undefined;
  await topicButton(page, 'hello').click();
  await expect(row(page, first)).toBeVisible();
  await expect(list(page).getByRole('alert')).toHaveCount(0);
});

test('a conversation list that cannot be refreshed says so beside it, and opening a topic retries it', async ({
  page,
}) => {
  post(member(), 'hello', 'First visible message');
  await openMessages(page);
  await expect(topicButton(page, 'hello')).toBeVisible();
  const conversations = page.getByRole('navigation', { name: 'Conversations' });

  // New messages join the kept conversation list without a request; a change it cannot
  // follow by itself (another device recolours a channel) makes it fetch afresh, and that
  // answer (the one read without Markdown, unlike the list's) comes back malformed.
  breakCall = ({ method, path }, body) =>
    method === 'GET' &&
    path.startsWith('/api/v1/messages?') &&
    path.includes('apply_markdown=false')
      ? { ...body, messages: 'not a list' }
      : undefined;
  post(member(), 'news', 'A message on a topic of its own');
  await expect(topicButton(page, 'news')).toBeVisible();
  await recolourGeneral();
  await expect(conversations.getByRole('alert')).toContainText(
    'The conversation list could not be refreshed',
  );
  // The list it concerns stays usable, and the message list carries no stale sidebar error.
  await expect(topicButton(page, 'hello')).toBeVisible();
  await expect(list(page).getByRole('alert')).toHaveCount(0);

  breakCall = () => undefined;
  await topicButton(page, 'hello').click();
  await expect(conversations.getByRole('alert')).toHaveCount(0);
  await expect(topicButton(page, 'news')).toBeVisible();
});

test('an older page that fails is named, nothing is mixed in, and scrolling up again loads it', async ({
  page,
}) => {
  const sent: StoredMessage[] = [];
  for (let i = 0; i < 150; i++) sent.push(post(owner(), 'bulk', `bulk message ${i}`));
  await openMessages(page);
  // The sidebar reads its topics with a batch of the same size: let it load first. Its
  // topics are those of the channel being read.
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /^Channel general\b/ })
    .click();
  await expect(topicButton(page, 'bulk')).toBeVisible();
  // Only the batch fetched while scrolling (never the first page) is refused.
  refuseCall = ({ method, path }) =>
    method === 'GET' && path.startsWith('/api/v1/messages?') && path.includes('num_before=1000')
      ? refusal('Older history is unavailable right now')
      : undefined;
  await topicButton(page, 'bulk').click();
  await expect(row(page, sent.at(-1)!)).toBeVisible();
  const loadedFirst = Number(await feed(page).getAttribute('data-loaded'));
  expect(loadedFirst).toBeLessThan(sent.length);

  await feed(page).evaluate((el) => (el.scrollTop = 0));
  await expect(list(page).getByRole('alert')).toContainText(
    'Older history is unavailable right now',
  );
  await expect(feed(page)).toHaveAttribute('aria-busy', 'false');
  await expect(feed(page)).toHaveAttribute('data-loaded', String(loadedFirst));

  refuseCall = () => undefined;
  // Down and back up within one frame: the one scroll event ends where the list already
  // was, and is the user's all the same.
  await feed(page).evaluate((el) => {
    el.scrollTop = 1;
    el.scrollTop = 0;
  });
  await expect(feed(page)).toHaveAttribute('data-loaded', String(sent.length));
  // The list keeps its place while older rows are put above it, and renders only the rows
  // near the view: the oldest is drawn once the user scrolls up to it.
  await feed(page).evaluate((el) => (el.scrollTop = 0));
  await expect(row(page, sent[0]!)).toBeAttached();
  await expect(list(page).getByRole('alert')).toHaveCount(0);
});

test('a refused send says why and is kept in the list; Try again sends it once', async ({
  page,
}) => {
  post(member(), 'deploy', 'who deploys?');
  await openMessages(page);
  await topicButton(page, 'deploy').click();
  const box = page.getByRole('textbox', { name: 'Message' });
  const compose = page.getByRole('form', { name: 'Compose' });
  refuseCall = ({ method, path }) =>
    method === 'POST' && path === '/api/v1/messages'
      ? refusal('You are sending messages too fast')
      : undefined;
  await box.fill('I deploy today');
  await box.press('Control+Enter');
  await expect(compose.getByRole('alert')).toContainText('You are sending messages too fast');
  // The outbox keeps the text, shown in the list with its reason.
  await expect(box).toHaveValue('');
  const kept = page.getByRole('list', { name: 'Messages not yet sent' });
  await expect(kept).toContainText('I deploy today');
  await expect(kept).toContainText('Not sent – The server refused it');

  refuseCall = () => undefined;
  await kept.getByRole('button', { name: 'Try again' }).click();
  await expect(kept).toHaveCount(0);
  await expect(compose.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('article').filter({ hasText: 'I deploy today' })).toHaveCount(1);
});

test('a refused reaction is not shown as added; the error goes once a retry succeeds', async ({
  page,
}) => {
  const target = post(member(), 'deploy', 'ship it');
  await openMessages(page);
  await topicButton(page, 'deploy').click();
  const r = row(page, target);
  const addRocket = async () => {
    await r.hover();
    await r.getByRole('button', { name: 'Add reaction' }).click();
    await r.getByRole('textbox', { name: 'Search emoji' }).fill('rocket');
    await r
      .getByRole('dialog', { name: 'Emoji picker' })
      .getByRole('button', { name: 'rocket', exact: true })
      .click();
  };
  refuseCall = ({ method, path }) =>
    method === 'POST' && path.endsWith(`/messages/${target.id}/reactions`)
      ? refusal('Reactions are turned off in this channel')
      : undefined;
  await addRocket();
  await expect(list(page).getByRole('alert')).toContainText(
    'Reactions are turned off in this channel',
  );
  await expect(r.getByRole('button', { name: /^rocket:/ })).toHaveCount(0);

  refuseCall = () => undefined;
  await addRocket();
  await expect(r.getByRole('button', { name: 'rocket: 1 by you' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(list(page).getByRole('alert')).toHaveCount(0);
});

test('snippets that fail to load say why; opening them again lists them and clears the error', async ({
  page,
}) => {
  post(member(), 'deploy', 'who deploys?');
  const client = new ApiClient({
    realmUrl: server.url,
    email: owner().email,
    apiKey: owner().api_key,
  });
  try {
    await createSavedSnippet(client, { title: 'Greeting', content: 'Hello from the snippet' });
  } finally {
    await client.close();
  }
  await openMessages(page);
  await topicButton(page, 'deploy').click();
  const compose = page.getByRole('form', { name: 'Compose' });
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Draft: ');
  breakCall = ({ method, path }, body) =>
    method === 'GET' && path.startsWith('/api/v1/saved_snippets')
      ? { ...body, saved_snippets: [{ id: 'one' }] }
      : undefined;
  await compose.getByRole('button', { name: 'Insert snippet' }).click();
  await expect(compose.getByRole('alert')).toContainText(
    'GET /saved_snippets: malformed response at saved_snippets.0',
  );
  await expect(compose.getByRole('button', { name: 'Insert snippet' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  breakCall = () => undefined;
  await compose.getByRole('button', { name: 'Insert snippet' }).click();
  await compose
    .getByRole('list', { name: 'Saved snippets' })
    .getByRole('button', { name: 'Greeting' })
    .click();
  await expect(box).toHaveValue('Draft: Hello from the snippet');
  await expect(compose.getByRole('alert')).toHaveCount(0);
});

test('a malformed video call answer says why and leaves the draft as it was', async ({ page }) => {
  post(member(), 'deploy', 'who deploys?');
  server.setVideoProvider('https://meet.example.org');
  server.setVideoProviderToken(owner().user_id, true);
  await openMessages(page);
  await topicButton(page, 'deploy').click();
  const compose = page.getByRole('form', { name: 'Compose' });
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Join us: ');
  breakCall = ({ method, path }, body) =>
    method === 'POST' && path.startsWith('/api/v1/calls/videoprovider/create')
      ? { ...body, url: 42 }
      : undefined;
  await compose.getByRole('button', { name: 'Add video call' }).click();
  await expect(compose.getByRole('alert')).toContainText('malformed response at url');
  await expect(box).toHaveValue('Join us: ');
  await expect(compose.getByRole('button', { name: 'Add video call' })).toBeEnabled();

  breakCall = () => undefined;
  await compose.getByRole('button', { name: 'Add video call' }).click();
  await expect(box).toHaveValue(/^Join us: \[Join video call\]\(https:\/\/meet\.example\.org\//);
  await expect(compose.getByRole('alert')).toHaveCount(0);
});

test('a refused read mark is named and leaves the messages unread; opening them again marks them', async ({
  page,
}) => {
  const sender = server.state.users.get(member().user_id) as UserRecord;
  for (const i of [1, 2, 3]) {
    messaging(server.ctx).send({ sender, dmUserIds: [owner().user_id], content: `psst ${i}` });
  }
  refuseCall = ({ method, path }) =>
    method === 'POST' && path.startsWith('/api/v1/messages/flags')
      ? refusal('Flags cannot be changed right now')
      : undefined;
  await openMessages(page);
  const conversation = page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /^Direct messages with Mel Member/ });
  await conversation.click();
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(list(page).getByRole('alert')).toContainText('Flags cannot be changed right now');
  await expect(conversation).toHaveAccessibleName(/, 3 unread$/);

  refuseCall = () => undefined;
  await conversation.click();
  await expect(conversation).toHaveAccessibleName('Direct messages with Mel Member');
  await expect(list(page).getByRole('alert')).toHaveCount(0);
});
