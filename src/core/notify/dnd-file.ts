import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonFile } from '../../lib/json-file.ts';
import type { DndState } from './dnd.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

const Saved = lazySchema(() => z.object({ active: z.boolean(), until: z.number().nullable() }));

/**
 * Do Not Disturb kept in the data directory. An unreadable file means "off" rather than a
 * Core that cannot start: the worst case is a notification the user would have muted.
 */
export class DndFile {
  private readonly path: string;
  private last: Promise<void> = Promise.resolve();

  constructor(dataDir: string) {
    this.path = join(dataDir, 'do-not-disturb.json');
  }

  async load(): Promise<DndState> {
    return readJsonFile(this.path, Saved, { active: false, until: null }).catch(() => ({
      active: false,
      until: null,
    }));
  }

  /** Saves one after another, so the file always ends with the latest choice. */
  save(state: DndState): Promise<void> {
    this.last = this.last.catch(() => undefined).then(() => writeJsonFile(this.path, state));
    return this.last;
  }

  /** Resolves once the last save has finished, so quitting never cuts one short. */
  settled(): Promise<void> {
    return this.last.catch(() => undefined);
  }
}
