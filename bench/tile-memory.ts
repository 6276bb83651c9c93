/**
 * The compositor's rastered tiles in one renderer process, from Chromium's memory-infra
 * dump (the `cc/tile_memory` allocator): in software compositing they are shared memory the
 * renderer holds, so they count in its RSS. A scrolled layer keeps tiles well past what is
 * on screen wherever it paints something, even a plain background.
 */
import type { CDPSession } from '@playwright/test';

interface MemoryDumpEvent {
  ph?: string;
  pid?: number;
  args?: { dumps?: { allocators?: Record<string, { attrs?: { size?: { value: string } } }> } };
}

export async function tileMemoryMb(browserCdp: CDPSession, pid: number): Promise<number> {
  const events: MemoryDumpEvent[] = [];
  const collect = (e: { value: MemoryDumpEvent[] }) => events.push(...e.value);
  browserCdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((done) => browserCdp.once('Tracing.tracingComplete', done));
  await browserCdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['disabled-by-default-memory-infra'],
      excludedCategories: ['*'],
      // No periodic dumps: only the one asked for below. (The protocol's type says strings.)
      memoryDumpConfig: { triggers: [] } as unknown as Record<string, string>,
    },
  });
  await browserCdp.send('Tracing.requestMemoryDump', { levelOfDetail: 'light' });
  await browserCdp.send('Tracing.end');
  await complete;
  browserCdp.off('Tracing.dataCollected', collect);
  const dump = events.find((e) => e.ph === 'v' && e.pid === pid && e.args?.dumps?.allocators);
  const size = dump?.args?.dumps?.allocators?.['cc/tile_memory']?.attrs?.size?.value;
  return size === undefined ? Number.NaN : parseInt(size, 16) / 2 ** 20;
}
