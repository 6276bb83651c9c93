/**
 * Uploads through the Core over real HTTP: a large file's upload to the reference server
 * reports its bytes as they leave, and a cancel mid-upload stops the request so the server
 * keeps nothing.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../src/core/core.ts';
import { startServer, type StartedServer } from '../../../../src/server/index.ts';
import { uploads } from '../../../../src/server/uploads/store.ts';
import { byEmail } from '../../server/messaging-client.ts';
import { MemorySecrets } from '../sync/memory-secrets.ts';

const SIZE = 12 * 1024 * 1024;

describe('upload progress from the Core to the server', () => {
  let server: StartedServer;
  let core: Core;
  let accountId: string;
  const progress: { uploadId: string; sent: number; total: number }[] = [];

  async function call<R>(channel: string, args: unknown): Promise<R> {
    const response = await core.invoke(channel, args);
    if (!response.ok) throw new Error(response.error.message);
    return response.result as R;
  }

  beforeEach(async () => {
    server = await startServer({ rateLimit: false });
    core = await createCore({
      dataDir: await mkdtemp(join(tmpdir(), 'perch-upload-')),
      version: 't',
      transport: 'web',
      secrets: new MemorySecrets(),
    });
    progress.length = 0;
    core.subscribe((topic, payload) => {
      if (topic === 'uploads.progress') progress.push(payload as (typeof progress)[number]);
    });
    const owner = byEmail(server, 'owner');
    ({ id: accountId } = await call<{ id: string }>('accounts.signInWithKey', {
      serverUrl: server.url,
      email: owner.email,
      apiKey: owner.api_key,
      allowInsecure: true,
    }));
  });
  afterEach(async () => {
    await core.close();
    await server.close();
  });

  /** Hands a file of SIZE bytes to the Core the way the renderer does, without finishing. */
  async function handOver(name: string): Promise<string> {
    const bytes = Buffer.alloc(SIZE, 7);
    const { uploadId, chunkBytes } = await call<{ uploadId: string; chunkBytes: number }>(
      'uploads.begin',
      { accountId, name, type: 'application/octet-stream', size: SIZE },
    );
    for (let offset = 0; offset < SIZE; offset += chunkBytes) {
      const data = bytes.subarray(offset, offset + chunkBytes).toString('base64');
      await call('uploads.chunk', { uploadId, offset, data });
    }
    return uploadId;
  }

  it('reports several increasing byte counts, ending at the whole file', async () => {
    const uploadId = await handOver('big.bin');
    const sent = await call<{ path: string; name: string }>('uploads.finish', { uploadId });
    expect(sent.name).toBe('big.bin');

    const mine = progress.filter((p) => p.uploadId === uploadId);
    expect(mine.length).toBeGreaterThanOrEqual(5);
    const counts = mine.map((p) => p.sent);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(new Set(counts).size).toBe(counts.length);
    expect(counts[0]).toBeLessThan(SIZE / 2);
    expect(mine.at(-1)).toEqual({ uploadId, sent: SIZE, total: SIZE });
    expect(uploads(server.ctx).get(sent.path)?.bytes.length).toBe(SIZE);
  });

  it('a cancel while the bytes are leaving aborts the request: the server stores nothing', async () => {
    const uploadId = await handOver('cancelled.bin');
    let cancelled: Promise<unknown> | undefined;
    core.subscribe((topic, payload) => {
      const p = payload as { uploadId: string; sent: number };
      if (topic === 'uploads.progress' && p.uploadId === uploadId && !cancelled)
        cancelled = call('uploads.cancel', { uploadId });
    });
    await expect(call('uploads.finish', { uploadId })).rejects.toThrow();
    await cancelled;
    const mine = progress.filter((p) => p.uploadId === uploadId);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.at(-1)!.sent).toBeLessThan(SIZE);
    expect(uploads(server.ctx).size).toBe(0);
  });
});
