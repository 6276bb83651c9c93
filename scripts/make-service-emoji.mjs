#!/usr/bin/env node
/**
 * Draws the service's own extra emoji (`:zulip:`, reaction type `service_extra_emoji`):
 * writes resources/emoji/zulip.svg, renders it to resources/emoji/zulip.png with the
 * Chromium the end-to-end tests use, and writes the PNG's bytes into
 * src/server/emoji/service-emoji-image.ts so the reference server carries them inside any
 * bundle. The outputs are committed; run this only to change the drawing.
 *
 *   node scripts/make-service-emoji.mjs
 */
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SIZE = 64;

// A speech bubble holding a Z: the chat service's mark, drawn for this project.
const svg =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${SIZE}" height="${SIZE}">` +
  '<path d="M32 4 C49 4 60 14 60 29 C60 44 49 54 32 54 C28 54 25 53.5 22 52.5 L9 60 L12.5 48 ' +
  'C7 43 4 36.5 4 29 C4 14 15 4 32 4 Z" fill="#6492fe"/>' +
  '<path d="M20 17 H44 V22 L27 37 H44 V42 H20 V37 L37 22 H20 Z" fill="#fff"/>' +
  '</svg>';

const svgPath = join(root, 'resources', 'emoji', 'zulip.svg');
const pngPath = join(root, 'resources', 'emoji', 'zulip.png');
writeFileSync(svgPath, `${svg}\n`);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
await page.locator('svg').screenshot({ path: pngPath, omitBackground: true });
await browser.close();

const base64 = readFileSync(pngPath).toString('base64');
writeFileSync(
  join(root, 'src', 'server', 'emoji', 'service-emoji-image.ts'),
  [
    '/**',
    " * The PNG of the service's extra emoji (resources/emoji/zulip.png), written by",
    ' * scripts/make-service-emoji.mjs: bytes in the module, so the server needs no file at run',
    ' * time wherever it is bundled.',
    ' */',
    `export const SERVICE_EMOJI_PNG = Buffer.from(`,
    `  '${base64}',`,
    `  'base64',`,
    ');',
    '',
  ].join('\n'),
);
console.log(`Wrote ${svgPath}, ${pngPath} (${SIZE} px) and the server's copy`);
