/**
 * One large input cannot bring browser mode down. A frame over the WebSocket's limit once ended
 * the whole process (the host's socket had no 'error' listener); now compose refuses a message
 * over the server's max_message_length before sending, the zuliprc import refuses a file no
 * zuliprc could be before reading it, and any other call too large for the connection fails
 * alone, in words, with the connection kept.
 */
import { expect, test, type Page } from '@playwright/test';
import type { PerchBridge } from '../../src/contract/bridge-types.ts';
import type { StartedServer } from '../../src/server/index.ts';
import { MAX_MESSAGE_LENGTH } from '../../src/server/messages/limits.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import type { BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import { openSidebarTopic } from './support/message-data.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

const owner = () => server.users.find((u) => u.role === 100 && !u.is_bot)!;
const member = () => server.users.find((u) => u.role === 400 && !u.is_bot)!;

async function openTopic(page: Page, topic: string) {
  const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
  const sender = server.state.users.get(member().user_id) as UserRecord;
  messaging(server.ctx).send({ sender, streamId: general.stream_id, topic, content: 'hi' });
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner().email,
    apiKey: owner().api_key,
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await openSidebarTopic(page, topic);
  await expect(page.getByRole('combobox', { name: 'Topic' })).toHaveValue(topic);
}

test('a 1.1 MB paste is refused before sending, the draft is kept, and a normal send still works', async ({
  page,
}) => {
  await openTopic(page, 'sizes');
  const box = page.getByRole('textbox', { name: 'Message' });
  const huge = 'lorem ipsum '.repeat(96_000); // 1,152,000 characters
  await box.fill(huge);
  await page.getByRole('button', { name: 'Send', exact: true }).click();

  const compose = page.getByRole('form', { name: 'Compose' });
  await expect(compose.getByRole('alert')).toHaveText(
    `This message is 1,152,000 characters long, and this organization takes at most ` +
      `${MAX_MESSAGE_LENGTH.toLocaleString('en')}. Shorten it, or split it into several ` +
      `messages; your text is kept.`,
  );
  expect((await box.inputValue()).length).toBe(huge.length);

  await box.fill('a short one');
  await box.press('Control+Enter');
  await expect(box).toHaveValue('');
  await expect(page.getByRole('article').filter({ hasText: 'a short one' })).toBeVisible();
  await expect(compose.getByRole('alert')).toHaveCount(0);
});

test('a counter near the length limit says how many characters are left, then how many too many', async ({
  page,
}) => {
  await openTopic(page, 'counter');
  const box = page.getByRole('textbox', { name: 'Message' });
  const counter = page.getByRole('form', { name: 'Compose' }).getByTestId('length-counter');
  await box.fill('a'.repeat(Math.floor(MAX_MESSAGE_LENGTH * 0.8)));
  await expect(counter).toHaveCount(0);
  await box.fill('a'.repeat(MAX_MESSAGE_LENGTH - 12));
  await expect(counter).toHaveText('12 characters left');
  await box.fill('a'.repeat(MAX_MESSAGE_LENGTH + 5));
  await expect(counter).toHaveText('5 characters over the limit');
  await box.fill('a short one');
  await expect(counter).toHaveCount(0);
});

test('a 1.2 MB file offered as a zuliprc is refused unread, and the form still signs in', async ({
  page,
}) => {
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Sign in to an organization' }).click();
  const picker = page.getByLabel('Or import a zuliprc file');
  await picker.setInputFiles({
    name: 'zuliprc',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(Math.round(1.2 * 1024 * 1024), 'a'),
  });
  await expect(page.getByTestId('signin-error')).toHaveText(
    '“zuliprc” is 1.2 MB, far larger than a zuliprc file (a few lines, never more than ' +
      '64 KB), so it was not read. Choose the zuliprc file your organization gave you.',
  );

  const rc = `[api]\nemail=${member().email}\nkey=${member().api_key}\nsite=${server.url}\n`;
  await picker.setInputFiles({ name: 'zuliprc', mimeType: 'text/plain', buffer: Buffer.from(rc) });
  await expect(page.getByTestId('signed-in-as')).toContainText(member().full_name);
});

test('any call too large for the connection fails alone, in words, and the next call works', async ({
  page,
}) => {
  await page.goto(mode.host.url);
  await expect(page.getByRole('button', { name: 'Sign in to an organization' })).toBeVisible();
  const answers = await page.evaluate(async () => {
    const perch = (window as unknown as { perch: PerchBridge }).perch;
    const big = await perch.invoke('accounts.importRcFile', { contents: 'x'.repeat(1_200_000) });
    const next = await perch.invoke('app.info', {});
    return { big, next };
  });
  expect(answers.big).toEqual({
    ok: false,
    error: {
      code: 'TOO_LARGE',
      message:
        "This is too large to send: 1.1 MB, and Perch's window can pass at most 1 MB at a time.",
    },
  });
  expect(answers.next.ok).toBe(true);
});
