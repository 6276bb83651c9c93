/**
 * The emoji image set (Noto's images from emoji-datasource-google, 64 px PNGs) served by
 * our own build, so emoji look the same on every system, including one without a colour
 * emoji font. The images are copied to `emoji/64/` beside index.html; a virtual module
 * lists which codes have an image and its file name where that is not the code itself
 * (names keep U+FE0F where Unicode's fully qualified form has it; the service's codes do
 * not), so emoji newer than the image set are known to have none. The service's extra
 * emoji's picture is copied to `emoji/service/`.
 */
import { cpSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const VIRTUAL = 'virtual:emoji-image-names';
const RESOURCES = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources');
const RESOLVED = '\0' + VIRTUAL;

interface DatasourceEntry {
  unified: string;
  image: string;
  has_img_google: boolean;
  skin_variations?: Record<string, DatasourceEntry>;
}

const serviceCode = (unified: string) =>
  unified
    .toLowerCase()
    .split('-')
    .filter((p) => p !== 'fe0f')
    .join('-');

function packageDir(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('emoji-datasource-google/package.json'));
}

/** Service code to image file stem; an empty stem means the code itself. */
export function imageNames(entries: readonly DatasourceEntry[]): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (e: DatasourceEntry) => {
    if (!e.has_img_google) return;
    const stem = e.image.replace(/\.png$/, '');
    const code = serviceCode(e.unified);
    out[code] = stem === code ? '' : stem;
  };
  for (const e of entries) {
    add(e);
    for (const v of Object.values(e.skin_variations ?? {})) add(v);
  }
  return out;
}

export function emojiImages(): Plugin {
  let outDir = '';
  return {
    name: 'emoji-images',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const data = JSON.parse(
        readFileSync(join(packageDir(), 'emoji.json'), 'utf8'),
      ) as DatasourceEntry[];
      return `export default ${JSON.stringify(imageNames(data))};`;
    },
    writeBundle() {
      cpSync(join(packageDir(), 'img/google/64'), join(outDir, 'emoji/64'), { recursive: true });
      // The service's own extra emoji (`:zulip:`), drawn by scripts/make-service-emoji.mjs.
      cpSync(join(RESOURCES, 'emoji'), join(outDir, 'emoji/service'), {
        recursive: true,
        filter: (src) => !src.endsWith('.svg'),
      });
    },
  };
}
