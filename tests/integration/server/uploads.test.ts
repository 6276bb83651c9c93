/** POST /user_uploads and the files' serving, over real HTTP with the API binding. */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.ts';
import { ApiError } from '../../../src/api/errors.ts';
import { sendMessage } from '../../../src/api/routes/messages.ts';
import { getTemporaryUrl, uploadFile } from '../../../src/api/routes/uploads.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, ok } from './messaging-client.ts';

let server: StartedServer;
const clients: ApiClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server.close();
});

function clientOf(user: ServerUser): ApiClient {
  const client = new ApiClient({ realmUrl: server.url, email: user.email, apiKey: user.api_key });
  clients.push(client);
  return client;
}

// The 8-byte PNG signature and a little more: enough to be served as an image.
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('uploads', () => {
  it('stores a file, and shows it to whoever may read it through a temporary link', async () => {
    server = await startServer({ rateLimit: false });
    const member = byEmail(server, 'member');
    const other = byEmail(server, 'member2');
    const uploader = clientOf(member);
    const { data } = await uploadFile(uploader, {
      name: 'my chart.png',
      type: 'image/png',
      bytes: png,
    });
    expect(data.path).toMatch(/^\/user_uploads\/\d+\/[^/]+\/[^/]+\/my-chart\.png$/);
    expect(data.name).toBe('my-chart.png');

    const { data: link } = await getTemporaryUrl(uploader, data.path);
    const res = await fetch(new URL(link.url, server.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
    // Without credentials the file's own path is closed.
    expect((await fetch(new URL(data.path, server.url))).status).toBe(401);

    // Someone else sees it only once a message they can read links it.
    await expect(getTemporaryUrl(clientOf(other), data.path)).rejects.toBeInstanceOf(ApiError);
    await sendMessage(uploader, {
      type: 'direct',
      to: [other.user_id],
      content: `[my chart.png](${data.path})`,
    });
    const { data: shared } = await getTemporaryUrl(clientOf(other), data.path);
    expect((await fetch(new URL(shared.url, server.url))).status).toBe(200);
  });

  it("refuses a file over the organization's limit, which register reports", async () => {
    server = await startServer({ rateLimit: false });
    server.state.realm.max_file_upload_size_mib = 1;
    const member = byEmail(server, 'member');
    const reg = await ok(server, member, 'POST', '/register', { fetch_event_types: ['realm'] });
    expect(reg.max_file_upload_size_mib).toBe(1);
    const big = new Uint8Array(1024 * 1024 + 1);
    await expect(
      uploadFile(clientOf(member), {
        name: 'big.bin',
        type: 'application/octet-stream',
        bytes: big,
      }),
    ).rejects.toThrow('Uploaded file is larger than the allowed limit of 1 MiB');
    const fits = new Uint8Array(1024 * 1024);
    const { data } = await uploadFile(clientOf(member), {
      name: 'fits.bin',
      type: 'application/octet-stream',
      bytes: fits,
    });
    expect(data.path).toContain('fits.bin');
  });

  it('serves anything but a raster image as a download that cannot run', async () => {
    server = await startServer({ rateLimit: false });
    const client = clientOf(byEmail(server, 'member'));
    const page = new TextEncoder().encode('<script>alert(1)</script>');
    const { data } = await uploadFile(client, {
      name: 'page.html',
      type: 'text/html',
      bytes: page,
    });
    const { data: link } = await getTemporaryUrl(client, data.path);
    const res = await fetch(new URL(link.url, server.url));
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('renders a link to an uploaded image with the image under it', async () => {
    server = await startServer({ rateLimit: false });
    const client = clientOf(byEmail(server, 'member'));
    const { data } = await uploadFile(client, { name: 'a.png', type: 'image/png', bytes: png });
    const sent = await sendMessage(client, {
      type: 'stream',
      to: 'general',
      topic: 't',
      content: `[a.png](${data.path})`,
    });
    const r = await ok(server, byEmail(server, 'member'), 'GET', '/messages', {
      message_ids: [sent.data.id],
    });
    const html = (r.messages as { content: string }[])[0]!.content;
    expect(html).toContain(`<a href="${data.path}"`);
    expect(html).toContain(`<img src="${data.path}"`);
  });
});
