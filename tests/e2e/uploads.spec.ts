/**
 * Attaching files in compose (button, drop, paste) with progress, cancel and the size limit
 * checked first; uploaded images shown in messages without the API key.
 */
import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import type { StartedServer } from '../../src/server/index.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import { uploads } from '../../src/server/uploads/store.ts';
import type { BrowserMode } from './support/web-host.ts';
import { TINY_PNG as PNG } from './support/images.ts';
import { useServerAndBrowserMode } from './support/peers.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

/**
 * Holds the page's `uploads.finish` calls until released, so an upload stays in progress
 * for as long as the test looks at it; everything else passes through.
 */
async function holdFinish(page: Page): Promise<() => void> {
  const held: { server: WebSocketRoute; message: string }[] = [];
  let holding = true;
  await page.routeWebSocket(/\/rpc/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (holding && typeof message === 'string' && message.includes('"uploads.finish"'))
        held.push({ server, message });
      else server.send(message);
    });
  });
  return () => {
    holding = false;
    // Each connection forwards what it held to its own server side.
    for (const h of held.splice(0)) h.server.send(h.message);
  };
}

async function openTopic(page: Page) {
  const owner = server.users.find((u) => u.role === 100)!;
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await page.getByRole('textbox', { name: 'Narrow' }).fill('channel:general topic:files');
  await page.getByRole('button', { name: 'Go' }).click();
  return page.getByRole('form', { name: 'Compose' });
}

const linkTo = (name: string) => new RegExp(`\\[${name}\\]\\(/user_uploads/\\d+/[^)]+/${name}\\) `);

test('a file chosen with the button shows its progress, then its link at the cursor', async ({
  page,
}) => {
  const release = await holdFinish(page);
  const compose = await openTopic(page);
  const message = compose.getByRole('textbox', { name: 'Message' });
  // The cursor right after a word: the link still comes as a word of its own.
  await message.fill('before after');
  await message.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(6, 6));
  await compose.getByLabel('Files to attach').setInputFiles({
    name: 'chart.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  const upload = compose.getByRole('status', { name: 'Uploading chart.png' });
  await expect(upload).toContainText('20%');
  await expect(upload.locator('progress')).toHaveAttribute('value', '20');
  release();
  await expect(upload).toHaveCount(0);
  // One space on either side: the link's own, and the one it brought before it.
  await expect(message).toHaveValue(new RegExp(`^before ${linkTo('chart.png').source}after$`));
});

test('files dropped on compose or pasted into it are uploaded too', async ({ page }) => {
  const compose = await openTopic(page);
  const message = compose.getByRole('textbox', { name: 'Message' });
  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['dropped text'], 'notes.txt', { type: 'text/plain' }));
    return dt;
  });
  // Compose takes files once it knows where it writes, as its enabled Attach button says.
  await expect(compose.getByRole('button', { name: 'Attach files' })).toBeEnabled();
  await message.dispatchEvent('dragover', { dataTransfer });
  await expect(compose.getByText('Drop to attach')).toBeVisible();
  await message.dispatchEvent('drop', { dataTransfer });
  await expect(message).toHaveValue(linkTo('notes.txt'));

  await message.evaluate((el: HTMLTextAreaElement) => {
    const dt = new DataTransfer();
    dt.items.add(new File(['pasted'], 'clip.txt', { type: 'text/plain' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true }));
  });
  await expect(message).toHaveValue(linkTo('clip.txt'));
  await expect(message).toHaveValue(linkTo('notes.txt'));
});

test('a file over the limit is refused in words before any upload; a cancel leaves no link', async ({
  page,
}) => {
  server.state.realm.max_file_upload_size_mib = 1;
  const release = await holdFinish(page);
  const compose = await openTopic(page);
  const message = compose.getByRole('textbox', { name: 'Message' });
  await message.fill('keep me');
  await compose.getByLabel('Files to attach').setInputFiles({
    name: 'huge.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(1024 * 1024 + 10),
  });
  await expect(compose.getByRole('alert')).toContainText(
    '“huge.bin” is 1.0 MB; this organization takes files up to 1 MB. Nothing was uploaded.',
  );
  await expect(message).toHaveValue('keep me');

  await compose.getByLabel('Files to attach').setInputFiles({
    name: 'oops.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  const upload = compose.getByRole('status', { name: 'Uploading oops.png' });
  await expect(upload).toContainText('20%');
  await upload.getByRole('button', { name: 'Cancel' }).click();
  await expect(upload).toHaveCount(0);
  release();
  await expect(message).toHaveValue('keep me');
  await expect(compose.getByRole('alert')).toHaveCount(0);
});

test('an uploaded image in a message is shown inline from its own server', async ({ page }) => {
  const member = server.users.find((u) => u.role === 400 && !u.is_bot)!;
  const stored = uploads(server.ctx).add(member.user_id, 'cat.png', 'image/png', PNG);
  const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
  const m = messaging(server.ctx);
  const sent = m.send({
    sender: server.state.users.get(member.user_id) as UserRecord,
    streamId: general.stream_id,
    topic: 'files',
    content: `look [cat.png](${stored.path})`,
  });
  await openTopic(page);
  const image = page.locator(`article[data-message-id="${sent.id}"] img`);
  await expect(image).toHaveAttribute('src', /\/user_uploads\/temporary\//);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(16);
  expect(new URL((await image.getAttribute('src'))!).origin).toBe(new URL(server.url).origin);
});
