/**
 * Reading and writing messages in the window, end to end in Chromium against browser mode and
 * the reference server: the sidebar, narrows, anchors, safe rendering, live reactions and
 * edits, compose, the keyboard and read state.
 */
import { expect, test, type Page } from '@playwright/test';
import { ApiClient } from '../../src/api/client.ts';
import { addReaction } from '../../src/api/routes/reactions.ts';
import { createSavedSnippet } from '../../src/api/routes/saved-snippets.ts';
import { startServer, type ServerUser, type StartedServer } from '../../src/server/index.ts';
import { messaging, type Messaging } from '../../src/server/messages/service.ts';
import { editMessage } from '../../src/server/messages/edit.ts';
import { FLAG_BITS } from '../../src/server/messages/flags.ts';
import type { StoredMessage } from '../../src/server/messages/types.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import type { BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import { openSidebarTopic } from './support/message-data.ts';
import { asBackgroundWindow, bringToForeground } from './support/background-window.ts';

let mode: BrowserMode;
let server: StartedServer;
let m: Messaging;
useServerAndBrowserMode((p) => {
  ({ server, mode } = p);
  m = messaging(server.ctx);
});

const byRole = (role: number) => server.users.find((u) => u.role === role && !u.is_bot)!;
const record = (u: ServerUser) => server.state.users.get(u.user_id) as UserRecord;
const channelId = (name: string) =>
  [...server.state.channels.values()].find((c) => c.name === name)!.stream_id;

function post(sender: ServerUser, channel: string, topic: string, content: string): StoredMessage {
  return m.send({ sender: record(sender), streamId: channelId(channel), topic, content });
}

async function signIn(user: ServerUser) {
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: user.email,
    apiKey: user.api_key,
  });
}

async function openMessages(page: Page, user: ServerUser = byRole(100)) {
  await signIn(user);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  // Perch opens at the newest unread conversation; these tests start from all messages.
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /^All messages/ })
    .click();
}

const row = (page: Page, message: StoredMessage) =>
  page.locator(`article[data-message-id="${message.id}"]`);
const sidebarButton = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name });

async function narrowTo(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Narrow' }).fill(text);
  await page.getByRole('button', { name: 'Go' }).click();
}

test('the sidebar groups channels by folder, pinned first, muted dimmed, with unread counts', async ({
  page,
}) => {
  const owner = byRole(100);
  const member = byRole(400);
  const admin = byRole(200);
  server.state.subscription(owner.user_id, channelId('leadership'))!.pin_to_top = true;
  server.state.subscription(owner.user_id, channelId('development'))!.is_muted = true;
  post(member, 'general', 'deploy', 'first');
  post(member, 'general', 'deploy', 'second');
  post(member, 'general', 'lunch', 'hungry, @**Olive Owner**?');
  server.state.setUserTopic({
    user_id: owner.user_id,
    stream_id: channelId('general'),
    topic_name: 'deploy',
    visibility_policy: 3,
    last_updated: 0,
  });
  m.send({ sender: record(member), dmUserIds: [owner.user_id], content: 'psst' });
  m.send({
    sender: record(member),
    dmUserIds: [owner.user_id, admin.user_id],
    content: 'all three',
  });

  await asBackgroundWindow(page);
  await openMessages(page);
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await expect(nav.getByRole('heading')).toHaveText([
    'Pinned',
    'Engineering',
    'Channels',
    'Direct messages',
  ]);
  await expect(sidebarButton(page, /^Channel leadership/)).toBeVisible();
  // Dimmed by colour (the headings' muted one), which keeps the contrast text needs.
  const headingColour = await nav
    .getByRole('heading', { name: 'Pinned' })
    .evaluate((h) => getComputedStyle(h).color);
  await expect(sidebarButton(page, /^Channel development \(muted\)/)).toHaveCSS(
    'color',
    headingColour,
  );
  await expect(sidebarButton(page, /^Channel general/)).not.toHaveCSS('color', headingColour);
  // Dimmed only: no gap opens under a muted channel.
  await expect(
    nav
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Channel development/ }) }),
  ).toHaveCSS('margin-bottom', '0px');
  await expect(sidebarButton(page, /^Channel general, 3 unread$/)).toBeVisible();
  // Topics are listed under the channel being read only.
  await expect(sidebarButton(page, /^Topic /)).toHaveCount(0);
  await sidebarButton(page, /^Channel general, 3 unread$/).click();
  await expect(sidebarButton(page, /^Topic deploy, 2 unread, in general$/)).toBeVisible();
  await expect(sidebarButton(page, /^Topic lunch, 1 unread, in general$/)).toBeVisible();
  // Another channel opened: its topics replace those of general.
  await sidebarButton(page, /^Channel leadership/).click();
  await expect(sidebarButton(page, /in general$/)).toHaveCount(0);
  await sidebarButton(page, /^Channel general, 3 unread$/).click();
  await expect(sidebarButton(page, /^Mentions, 1 unread$/)).toBeVisible();
  await expect(sidebarButton(page, /^Followed topics, 2 unread$/)).toBeVisible();
  await expect(sidebarButton(page, /^Direct messages with Mel Member, 1 unread$/)).toBeVisible();
  await expect(
    sidebarButton(page, /^Direct messages with Ada Admin, Mel Member, 1 unread$/),
  ).toBeVisible();
});

test('clicking a topic, a sender or a conversation narrows, and the narrow bar combines terms', async ({
  page,
}) => {
  const member = byRole(400);
  const admin = byRole(200);
  const deploy = post(member, 'general', 'deploy', 'deploy by mel');
  const lunch = post(admin, 'general', 'lunch', 'lunch by ada');
  const secret = post(admin, 'leadership', 'plans', 'private plans');
  const dm = m.send({ sender: record(member), dmUserIds: [byRole(100).user_id], content: 'dm' });
  // Esc goes to the home view (web_home_view): all messages for this reader.
  record(byRole(100)).settings['web_home_view'] = 'all_messages';

  await openMessages(page);
  await expect(row(page, dm)).toBeVisible();

  await openSidebarTopic(page, 'deploy');
  await expect(page.getByRole('textbox', { name: 'Narrow' })).toHaveValue(
    'channel:general topic:deploy',
  );
  await expect(row(page, deploy)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);

  await page
    .getByTestId('message-list')
    .getByRole('button', { name: 'Card of Mel Member' })
    .click();
  await page
    .getByRole('dialog', { name: 'Card of Mel Member' })
    .getByRole('button', { name: 'View messages' })
    .click();
  await expect(row(page, dm)).toBeVisible();
  await expect(row(page, lunch)).toHaveCount(0);

  await sidebarButton(page, /^Direct messages with Mel Member/).click();
  await expect(row(page, dm)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);

  await narrowTo(page, `channel:general -sender:${member.email}`);
  await expect(row(page, lunch)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);

  await narrowTo(page, 'channels:public');
  await expect(row(page, deploy)).toBeVisible();
  await expect(row(page, lunch)).toBeVisible();
  await expect(row(page, secret)).toHaveCount(0);

  await narrowTo(page, 'is:sparkly');
  await expect(page.getByRole('alert')).toContainText('"is:sparkly" is not one of');

  await narrowTo(page, 'search:"by ada"');
  await expect(row(page, lunch)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);

  // Esc leaves the narrow; "/" comes back to the bar.
  await page.getByRole('article').first().click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('textbox', { name: 'Narrow' })).toHaveValue('');
  await expect(row(page, secret)).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByRole('textbox', { name: 'Narrow' })).toBeFocused();
});

test('the sidebar marks what is read, and keeps the mark and its lists live as messages arrive', async ({
  page,
}) => {
  const member = byRole(400);
  const admin = byRole(200);
  const owner = byRole(100);
  post(member, 'general', 'deploy', 'deploy by mel');
  post(admin, 'general', 'lunch', 'lunch by ada');
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  const topics = nav.getByRole('list', { name: 'Topics in general' }).getByRole('button');
  const topic = (name: string) => topics.filter({ hasText: name });

  await openMessages(page);
  await openSidebarTopic(page, 'deploy');
  await expect(topic('deploy')).toHaveAttribute('aria-current', 'true');
  await expect(topic('lunch')).not.toHaveAttribute('aria-current', 'true');

  // A message in another topic of the channel read moves that topic up with its count; the
  // mark stays on the topic read.
  post(admin, 'general', 'lunch', 'who is in?');
  await expect(topics.first()).toHaveAccessibleName('Topic lunch, 1 unread, in general');
  await expect(topic('deploy')).toHaveAttribute('aria-current', 'true');
  await expect(topic('lunch')).not.toHaveAttribute('aria-current', 'true');
  post(member, 'general', 'standup', 'standup at ten');
  await expect(topics.first()).toHaveAccessibleName('Topic standup, 1 unread, in general');
  await expect(topic('deploy')).toHaveAttribute('aria-current', 'true');

  await narrowTo(page, 'channel:general topic:lunch');
  await expect(topic('lunch')).toHaveAttribute('aria-current', 'true');
  await expect(topic('deploy')).not.toHaveAttribute('aria-current', 'true');
  // The whole channel is not one of its topics.
  await sidebarButton(page, /^Channel general/).click();
  await expect(sidebarButton(page, /^Channel general/)).toHaveAttribute('aria-current', 'true');
  await expect(nav.locator('.topics [aria-current]')).toHaveCount(0);

  // A first direct message from someone joins the list while a channel is read, and opens.
  const dmFrom = byRole(600);
  const dmRow = sidebarButton(page, new RegExp(`^Direct messages with ${dmFrom.full_name}`));
  await expect(dmRow).toHaveCount(0);
  m.send({ sender: record(dmFrom), dmUserIds: [owner.user_id], content: 'a first hello' });
  await expect(dmRow).toHaveAccessibleName(`Direct messages with ${dmFrom.full_name}, 1 unread`);
  await dmRow.click();
  await expect(dmRow).toHaveAttribute('aria-current', 'true');
  await expect(sidebarButton(page, /^Channel general/)).not.toHaveAttribute('aria-current', 'true');
});

test('anchors: oldest, first unread, a date, a message id or link, and a message that is gone', async ({
  page,
}) => {
  const owner = byRole(100);
  const member = record(byRole(400));
  const day = 86_400;
  const start = Math.floor(Date.UTC(2026, 0, 1, 12) / 1000);
  const sent: StoredMessage[] = [];
  for (let i = 0; i < 40; i++) {
    sent.push(
      m.send({
        sender: member,
        streamId: channelId('general'),
        topic: 'daily',
        content: `day ${i}`,
        timestamp: start + i * day,
      }),
    );
  }
  // The owner has read the first 25.
  m.store.history(owner.user_id).setBelow(sent[25]!.id, FLAG_BITS.read);
  // Their home view is all messages: Perch opens on Messages.
  record(owner).settings['web_home_view'] = 'all_messages';

  // Perch opens at the newest unread conversation, at its first unread message. Clicking
  // elsewhere first would show the unread messages, and seen messages become read.
  await signIn(owner);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(mode.host.url);
  await expect(sidebarButton(page, /^Topic daily(, \d+ unread,)? in general$/)).toHaveAttribute(
    'aria-current',
    'true',
  );
  const firstUnread = row(page, sent[25]!);
  await expect(firstUnread).toHaveAttribute('aria-current', 'true');
  await expect(firstUnread).toBeInViewport();

  await page.getByRole('combobox', { name: 'Start at' }).selectOption('oldest');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(row(page, sent[0]!)).toBeInViewport();

  await page.getByRole('combobox', { name: 'Start at' }).selectOption('date');
  await page.getByLabel('Anchor date').fill('2026-01-21');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(row(page, sent[20]!)).toHaveAttribute('aria-current', 'true');
  await expect(row(page, sent[20]!)).toBeInViewport();

  await page.getByRole('combobox', { name: 'Start at' }).selectOption('id');
  // A pasted link to a message opens there.
  await page
    .getByLabel('Message link')
    .fill(`${server.url}/#narrow/channel/${channelId('general')}-general/near/${sent[7]!.id}`);
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(row(page, sent[7]!)).toHaveAttribute('aria-current', 'true');
  await expect(row(page, sent[7]!)).toBeInViewport();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A link to a message opens it here, in the whole history.
  const link = m.send({
    sender: member,
    streamId: channelId('general'),
    topic: 'links',
    content: `see [day 3](${server.url}/#narrow/channel/${channelId('general')}-general/topic/daily/near/${sent[3]!.id})`,
  });
  await page.getByRole('combobox', { name: 'Start at' }).selectOption('newest');
  await narrowTo(page, 'topic:links');
  await row(page, link).getByRole('link', { name: 'day 3' }).click();
  await expect(page.getByRole('textbox', { name: 'Narrow' })).toHaveValue('');
  await expect(row(page, sent[3]!)).toHaveAttribute('aria-current', 'true');
  // The bar says where the list starts in words, not with the message's number.
  const bar = page.getByRole('form', { name: 'Narrow' });
  await expect(bar.getByRole('combobox', { name: 'Start at' })).toHaveValue('id');
  await expect(bar.getByRole('option', { name: 'The linked message' })).toBeAttached();
  await expect(bar.getByRole('textbox', { name: 'Message link' })).toHaveCount(0);
  await expect(bar).not.toContainText(String(sent[3]!.id));

  // A link to a message in a channel the user cannot see.
  const hidden = m.send({
    sender: record(byRole(200)),
    streamId: channelId('leadership'),
    topic: 'x',
    content: 'not for members',
  });
  await page.getByRole('combobox', { name: 'Start at' }).selectOption('newest');
  await narrowTo(page, `channel:general near:${hidden.id + 1000}`);
  await expect(page.getByRole('alert')).toContainText('gone or hidden');
});

/** Runs a test against an older server of its own; the shared one is handed back after. */
async function atFeatureLevel(featureLevel: number, run: () => Promise<void>) {
  const shared = server;
  server = await startServer({ featureLevel });
  try {
    m = messaging(server.ctx);
    await run();
  } finally {
    await server.close();
    server = shared;
  }
}

test('the date anchor is offered only on servers at feature level 445 or later', async ({
  page,
}) => {
  await atFeatureLevel(444, async () => {
    await openMessages(page);
    await expect(page.getByRole('option', { name: /A date/ })).toBeDisabled();
    await expect(page.getByRole('option', { name: /A date/ })).toHaveText(
      'A date (server too old)',
    );
  });
});

test('hostile message HTML is rendered harmlessly and images only come from the server', async ({
  page,
}) => {
  const evil = post(byRole(400), 'general', 'html', 'placeholder');
  evil.rendered =
    '<p>Hello <script>window.pwned = 1</script>' +
    '<img src="nothing.png" onerror="window.pwned = 2">' +
    '<a href="javascript:window.pwned = 3">run me</a> ' +
    '<a href="https://example.org/docs">docs</a> ' +
    '<span onclick="window.pwned = 4" onmouseover="window.pwned = 5">hover me</span> ' +
    '<img src="https://tracker.example/pixel.png" alt="tracker">' +
    '<img src="/static/ok.png" alt="same server">' +
    '<iframe src="https://example.org"></iframe></p>';

  await openMessages(page);
  const body = row(page, evil).locator('.msg-content');
  await expect(body).toContainText('Hello');
  expect(await body.locator('script, iframe, [onerror], [onclick], [onmouseover]').count()).toBe(0);
  expect(await body.getByText('run me').getAttribute('href')).toBeNull();
  const docs = body.getByRole('link', { name: 'docs' });
  await expect(docs).toHaveAttribute('target', '_blank');
  await expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(body.getByRole('img', { name: 'tracker' })).toHaveCount(0);
  // Uploaded images load through a temporary link: uploads.spec.ts shows them.
  await expect(body.getByRole('img', { name: 'same server' })).toHaveAttribute(
    'src',
    `${server.url}/static/ok.png`,
  );
  await body.getByText('hover me').hover();
  await body.getByText('hover me').click();
  await body.getByText('run me').click();
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
});

test('/me messages, the empty topic, edits and moves are shown as such', async ({ page }) => {
  const member = byRole(400);
  const me = post(member, 'general', 'fun', '/me waves');
  const empty = post(member, 'general', '', 'no topic here');
  const edited = post(member, 'general', 'fun', 'first draft');
  editMessage(m, edited, { editor: record(member), content: 'second draft' });
  editMessage(m, edited, { editor: record(member), topic: 'moved here' });

  await openMessages(page);
  await expect(row(page, me).locator('.me')).toHaveText(/Mel Member\s+waves/);
  await expect(row(page, empty)).toContainText('#general › general chat');
  const e = row(page, edited);
  await expect(e).toContainText('second draft');
  await expect(e.getByText('edited', { exact: true })).toBeVisible();
  await expect(e.getByText('moved', { exact: true })).toBeVisible();
  await e.getByRole('button', { name: 'Edit history' }).click();
  const history = e.getByRole('list', { name: 'Edit history' });
  await expect(history).toContainText('Topic changed from “fun” to “moved here”');
  await expect(history).toContainText('Previous content: first draft');
  await expect(history).toContainText('Mel Member');
});

test('live: reactions added and removed, another user’s reaction, edit, move, new and deleted messages', async ({
  page,
}) => {
  const member = byRole(400);
  const target = post(member, 'general', 'deploy', 'ship it');
  await openMessages(page);
  await openSidebarTopic(page, 'deploy');
  const r = row(page, target);
  await expect(r).toBeVisible();

  await r.hover();
  await r.getByRole('button', { name: 'Add reaction' }).click();
  await r.getByRole('textbox', { name: 'Search emoji' }).fill('rock');
  await r
    .getByRole('dialog', { name: 'Emoji picker' })
    .getByRole('button', { name: 'rocket' })
    .click();
  const mine = r.getByRole('button', { name: 'rocket: 1 by you' });
  await expect(mine).toHaveAttribute('aria-pressed', 'true');

  const client = new ApiClient({
    realmUrl: server.url,
    email: member.email,
    apiKey: member.api_key,
  });
  try {
    await addReaction(client, target.id, { emoji_name: 'tada' });
    await addReaction(client, target.id, { emoji_name: 'rocket' });
  } finally {
    await client.close();
  }
  await expect(r.getByRole('button', { name: 'tada: 1 by Mel Member' })).toBeVisible();
  await expect(r.getByRole('button', { name: 'rocket: 2 by you, Mel Member' })).toBeVisible();

  await r.getByRole('button', { name: 'rocket: 2 by you, Mel Member' }).click();
  await expect(r.getByRole('button', { name: 'rocket: 1 by Mel Member' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  editMessage(m, target, { editor: record(member), content: 'ship it **now**' });
  await expect(r.locator('strong')).toHaveText('now');
  await expect(r.getByText('edited', { exact: true })).toBeVisible();

  const fresh = post(member, 'general', 'deploy', 'a new one');
  await expect(row(page, fresh)).toBeVisible();

  // Moved to another topic: it leaves this one.
  editMessage(m, fresh, { editor: record(member), topic: 'elsewhere' });
  await expect(row(page, fresh)).toHaveCount(0);
  // This server has no delete endpoint; its queue carries the event as a real one would.
  server.queues.emit([byRole(100).user_id], {
    type: 'delete_message',
    message_type: 'stream',
    message_ids: [target.id],
    stream_id: channelId('general'),
    topic: 'deploy',
  });
  await expect(r).toHaveCount(0);
});

test('compose: reply in the topic, insert a snippet and a video call, drafts survive narrows', async ({
  page,
}) => {
  const owner = byRole(100);
  post(byRole(400), 'general', 'deploy', 'who deploys?');
  post(byRole(400), 'general', 'lunch', 'who eats?');
  const client = new ApiClient({ realmUrl: server.url, email: owner.email, apiKey: owner.api_key });
  try {
    await createSavedSnippet(client, { title: 'Greeting', content: 'Hello from the snippet' });
  } finally {
    await client.close();
  }
  server.setVideoProvider('https://meet.example.org');
  server.setVideoProviderToken(owner.user_id, true);

  await openMessages(page);
  await openSidebarTopic(page, 'deploy');
  await expect(page.getByRole('combobox', { name: 'Topic' })).toHaveValue('deploy');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('I deploy today');
  await box.press('Control+Enter');
  await expect(box).toHaveValue('');
  await expect(page.getByRole('article').filter({ hasText: 'I deploy today' })).toBeVisible();
  const sent = m.store.maxId;
  expect(m.store.get(sent)?.topic).toBe('deploy');

  await page.getByRole('button', { name: 'Insert snippet' }).click();
  await page
    .getByRole('list', { name: 'Saved snippets' })
    .getByRole('button', { name: 'Greeting' })
    .click();
  await expect(box).toHaveValue('Hello from the snippet');
  await page.getByRole('button', { name: 'Add video call' }).click();
  await expect(box).toHaveValue(
    /^Hello from the snippet\[Join video call\]\(https:\/\/meet\.example\.org\/call\/[0-9a-f]+\)$/,
  );

  await openSidebarTopic(page, 'lunch');
  await expect(box).toHaveValue('');
  await openSidebarTopic(page, 'deploy');
  await expect(box).toHaveValue(/^Hello from the snippet\[Join video call\]/);
});

test('compose: on a server before FL 297 inserting a snippet says the server has none', async ({
  page,
}) => {
  await atFeatureLevel(296, async () => {
    post(byRole(400), 'general', 'deploy', 'who deploys?');
    await openMessages(page);
    await openSidebarTopic(page, 'deploy');
    await page.getByRole('button', { name: 'Insert snippet' }).click();
    await expect(page.getByRole('form', { name: 'Compose' }).getByRole('alert')).toHaveText(
      'This server is too old for saved snippets; it needs Zulip 10.0 or later.',
    );
  });
});

test('compose: a send still on its way keeps what was typed after it, here and in another topic', async ({
  page,
}) => {
  // The send is held at the page's end of the bridge until the test lets it go.
  await page.addInitScript(() => {
    let bridge: { invoke(c: string, a: unknown): Promise<unknown> } | undefined;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    Object.assign(window, { releaseSend: () => release() });
    Object.defineProperty(window, 'perch', {
      configurable: true,
      get: () => bridge,
      set(value: typeof bridge & object) {
        const real = value.invoke.bind(value);
        value.invoke = async (c, a) => {
          if (c === 'outbox.send') await held;
          return real(c, a);
        };
        bridge = value;
      },
    });
  });
  post(byRole(400), 'general', 'deploy', 'who deploys?');
  post(byRole(400), 'general', 'lunch', 'who eats?');
  await openMessages(page);
  const box = page.getByRole('textbox', { name: 'Message' });
  await openSidebarTopic(page, 'deploy');
  await box.fill('shipping at noon');
  await box.press('Control+Enter');
  await box.press('End');
  await box.pressSequentially(' and a PS');
  await openSidebarTopic(page, 'lunch');
  await box.fill('soup?');

  await page.evaluate(() => (window as unknown as { releaseSend(): void }).releaseSend());
  await expect.poll(() => m.store.get(m.store.maxId)?.content).toBe('shipping at noon');
  await expect(box).toHaveValue('soup?');
  await openSidebarTopic(page, 'deploy');
  await expect(box).toHaveValue('and a PS');
});

test('keyboard: j and k move, r replies to the selected message; seen messages become read', async ({
  page,
}) => {
  const member = byRole(400);
  const a = post(member, 'general', 'alpha', 'one');
  const b = post(member, 'general', 'beta', 'two');
  await asBackgroundWindow(page);
  await openMessages(page);
  await expect(sidebarButton(page, /^Channel general, 2 unread$/)).toBeVisible();
  await bringToForeground(page);
  await expect(sidebarButton(page, /^Channel general$/)).toBeVisible();
  expect(m.store.history(byRole(100).user_id).flagsOf(a.id)! & FLAG_BITS.read).toBeTruthy();

  await page.getByRole('log', { name: 'Messages' }).focus();
  await page.keyboard.press('k');
  await expect(row(page, b)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('k');
  await expect(row(page, a)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('j');
  await expect(row(page, b)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(row(page, a)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('r');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Topic' })).toHaveValue('alpha');
});

test('switching accounts keeps each one’s place', async ({ page }) => {
  const member = byRole(400);
  const deploy = post(member, 'general', 'deploy', 'deploy talk');
  post(member, 'general', 'lunch', 'lunch talk');
  await signIn(byRole(200));
  await openMessages(page);
  await page.getByRole('button', { name: /^Account owner@/ }).click();
  await openSidebarTopic(page, 'deploy');
  await row(page, deploy).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('owner draft');

  await page.getByRole('button', { name: /^Account admin@/ }).click();
  await expect(page.getByRole('textbox', { name: 'Narrow' })).toHaveValue('');
  await openSidebarTopic(page, 'lunch');

  await page.getByRole('button', { name: /^Account owner@/ }).click();
  await expect(page.getByRole('textbox', { name: 'Narrow' })).toHaveValue(
    'channel:general topic:deploy',
  );
  await expect(row(page, deploy)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('owner draft');
  await page.getByRole('button', { name: /^Account admin@/ }).click();
  await expect(page.getByRole('textbox', { name: 'Narrow' })).toHaveValue(
    'channel:general topic:lunch',
  );
});

test('after a switch of account, the shown account’s new messages arrive live', async ({
  page,
}) => {
  const member = byRole(400);
  await signIn(byRole(200));
  await openMessages(page);
  await page.getByRole('button', { name: /^Account admin@/ }).click();
  await sidebarButton(page, /^All messages/).click();
  const forAdmin = post(member, 'general', 'switch', 'while the admin account shows');
  await expect(row(page, forAdmin)).toBeVisible();

  // Back on the owner's account (its list loaded, so what comes next is pushed, not fetched).
  await page.getByRole('button', { name: /^Account owner@/ }).click();
  await expect(row(page, forAdmin)).toBeVisible();
  const forOwner = post(member, 'general', 'switch', 'back on the owner account');
  await expect(row(page, forOwner)).toBeVisible();
});

test('live at the newest end: each new message draws its own row, not the rows around it again', async ({
  page,
}) => {
  const member = byRole(400);
  for (let i = 0; i < 40; i++) post(member, 'general', 'history', `earlier message ${i}`);
  await openMessages(page);
  const list = page.getByTestId('message-list');
  await expect(list.getByText('earlier message 39')).toBeVisible();
  // Counts each message block the list adds from now on.
  await list.evaluate((el) => {
    const w = window as unknown as { blocksAdded: number };
    w.blocksAdded = 0;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof HTMLElement && n.classList.contains('block')) w.blocksAdded++;
    }).observe(el, { childList: true, subtree: true });
  });
  for (let i = 0; i < 3; i++) {
    const fresh = post(member, 'general', 'history', `arrived ${i}`);
    await expect(row(page, fresh)).toBeInViewport();
  }
  const added = await page.evaluate(
    () => (window as unknown as { blocksAdded: number }).blocksAdded,
  );
  // Three new rows; the rows drawn beyond the viewport stay as they were (they were made
  // anew for every message before, a dozen or more each time).
  expect(added).toBeGreaterThanOrEqual(3);
  expect(added).toBeLessThanOrEqual(6);
});

test('live at the newest end: the list follows each new message to its end, through its read mark', async ({
  page,
}) => {
  const member = byRole(400);
  let last: StoredMessage | undefined;
  for (let i = 0; i < 40; i++) last = post(member, 'general', 'history', `earlier message ${i}`);
  // Read up to the last, so the conversation opens at its newest end.
  m.store.history(byRole(100).user_id).setBelow(last!.id, FLAG_BITS.read);
  await openMessages(page);
  // A conversation: what it shows is marked read (All messages marks nothing by default).
  await openSidebarTopic(page, 'history');
  const list = page.getByTestId('message-list');
  await expect(list.getByText('earlier message 39')).toBeVisible();
  await expect(list.locator('.message.unread')).toHaveCount(0);
  const belowEnd = () =>
    list.evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));
  for (let i = 0; i < 3; i++) {
    // Taller than the row's estimate, so the list scrolls to its measured end, not its guess.
    const fresh = post(member, 'general', 'history', `arrived ${i}\n\nsecond line\n\nthird line`);
    await expect(row(page, fresh)).toBeInViewport();
    // Read once on screen; the read mark moves nothing.
    await expect(row(page, fresh)).not.toHaveClass(/unread/);
    await expect.poll(belowEnd).toBeLessThanOrEqual(1);
  }
});
