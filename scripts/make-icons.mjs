#!/usr/bin/env node
/**
 * Writes Perch's icon sources (SVG) into resources/ and renders every PNG the platforms
 * need. The drawing lives here once so the app icon and the nine tray variants cannot
 * drift apart. The PNGs are committed, so only someone changing the drawing needs
 * rsvg-convert (Debian: apt-get install librsvg2-bin).
 *
 *   node scripts/make-icons.mjs
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const resources = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources');

const BLUE = '#1d4ed8';
const BLUE_LIGHT = '#3b82f6';
const AMBER = '#f59e0b';
const RED = '#dc2626';

// All shapes are drawn on a 100 x 100 grid; the bird faces right, perched on a branch.
const BODY = 'M70 36 C77 48 71 62 57 67 L42 69 L18 84 L27 70 C30 55 39 40 55 31 Z';
const HEAD = { cx: 64, cy: 31, r: 12 };
const BEAK = 'M74 26 L86 31 L74 36 Z';
const BRANCH = 'M8 80 Q50 70 92 73';
const EYE = { cx: 67, cy: 28 };

function bird(color, { legs, branchWidth }) {
  return [
    `<path d="${BRANCH}" fill="none" stroke="${color}" stroke-width="${branchWidth}" stroke-linecap="round"/>`,
    `<path d="${BODY}" fill="${color}"/>`,
    `<circle cx="${HEAD.cx}" cy="${HEAD.cy}" r="${HEAD.r}" fill="${color}"/>`,
    `<path d="${BEAK}" fill="${color}"/>`,
    legs
      ? `<path d="M50 67 L48 75 M60 65 L60 74" stroke="${color}" stroke-width="3" stroke-linecap="round"/>`
      : '',
  ].join('');
}

// One element per line keeps the written SVG files readable and their diffs small.
const svg = (body, extraDefs = '') =>
  (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">` +
    `<defs>${extraDefs}</defs>${body}</svg>`
  ).replaceAll('><', '>\n<') + '\n';

function appIcon() {
  const defs =
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${BLUE_LIGHT}"/><stop offset="1" stop-color="${BLUE}"/>` +
    `</linearGradient>`;
  // macOS and most Linux themes expect some breathing room around the tile.
  return svg(
    `<rect x="6" y="6" width="88" height="88" rx="20" fill="url(#sky)"/>` +
      `<g transform="translate(50 50) scale(0.86) translate(-50 -50)">` +
      bird('#fff', { legs: true, branchWidth: 6 }) +
      `<path d="M62 47 C58 56 50 61 38 64" fill="none" stroke="${BLUE}" stroke-width="2.5" stroke-linecap="round" opacity="0.55"/>` +
      `<circle cx="${EYE.cx}" cy="${EYE.cy}" r="2.6" fill="${BLUE}"/>` +
      `</g>`,
    defs,
  );
}

// Tray drawings shrink the bird towards the lower left, so the badge never covers its head.
const TRAY_BIRD = 'translate(-2 14) scale(0.85)';

// The badge sits in the top-right corner; a transparent ring around it keeps it readable
// against both the tile and whatever panel colour is behind the tray.
const BADGE = { cx: 81, cy: 19, r: 17, gap: 5 };

/** An '@' knocked out of (or drawn onto) the badge: ring, open outer arc, and stem. */
function atSign(color) {
  const { cx, cy, r } = BADGE;
  const inner = r * 0.27;
  const outer = r * 0.66;
  const w = r * 0.15;
  const stemX = cx + inner;
  return (
    `<circle cx="${cx}" cy="${cy}" r="${inner}" fill="none" stroke="${color}" stroke-width="${w}"/>` +
    `<path d="M${stemX} ${cy - inner * 1.2} L${stemX} ${cy + inner * 0.5} Q${stemX} ${cy + outer * 0.5} ${cx + outer * 0.94} ${cy + outer * 0.2}` +
    ` A${outer} ${outer} 0 1 0 ${cx + outer * 0.34} ${cy + outer * 0.94}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round"/>`
  );
}

function cutForBadge(id) {
  const { cx, cy, r, gap } = BADGE;
  return (
    `<mask id="${id}"><rect width="100" height="100" fill="#fff"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r + gap}" fill="#000"/></mask>`
  );
}

function badge(state, { fill, glyph }) {
  const { cx, cy, r } = BADGE;
  if (state === 'none') return '';
  const dot = `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
  return state === 'unread' ? dot : dot + atSign(glyph);
}

/** Windows and Linux: a full-bleed tile, so it reads on light and dark panels alike. */
function trayColour(state) {
  const tile =
    `<rect width="100" height="100" rx="22" fill="${BLUE}"/>` +
    `<g transform="${TRAY_BIRD}">${bird('#fff', { legs: false, branchWidth: 8 })}` +
    `<circle cx="${EYE.cx}" cy="${EYE.cy}" r="3.4" fill="${BLUE}"/></g>`;
  if (state === 'none') return svg(tile);
  const fill = state === 'unread' ? AMBER : RED;
  return svg(
    `<g mask="url(#cut)">${tile}</g>${badge(state, { fill, glyph: '#fff' })}`,
    cutForBadge('cut'),
  );
}

/** macOS: a template image (black plus alpha) that the menu bar tints itself. */
function trayTemplate(state) {
  const shape = `<g transform="${TRAY_BIRD}">${bird('#000', { legs: false, branchWidth: 9 })}</g>`;
  if (state === 'none') return svg(shape);
  const glyphHole = `<mask id="hole"><rect width="100" height="100" fill="#fff"/>${atSign('#000')}</mask>`;
  const mark =
    state === 'unread'
      ? badge('unread', { fill: '#000' })
      : `<g mask="url(#hole)">${badge('unread', { fill: '#000' })}</g>`;
  return svg(`<g mask="url(#cut)">${shape}</g>${mark}`, cutForBadge('cut') + glyphHole);
}

function render(svgPath, pngPath, size) {
  mkdirSync(dirname(pngPath), { recursive: true });
  execFileSync('rsvg-convert', ['-w', String(size), '-h', String(size), svgPath, '-o', pngPath]);
}

function write(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

try {
  execFileSync('rsvg-convert', ['--version'], { stdio: 'ignore' });
} catch {
  console.error(
    'rsvg-convert is needed to render the icons (Debian: apt-get install librsvg2-bin).',
  );
  process.exit(1);
}

const app = write(join(resources, 'icon.svg'), appIcon());
render(app, join(resources, 'icon.png'), 1024);
for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) {
  render(app, join(resources, 'icons', `${size}x${size}.png`), size);
}

// Electron picks the @2x file next to the named one on high-density displays.
const traySizes = { win: 16, linux: 22, mac: 16 };
for (const state of ['none', 'unread', 'mention']) {
  const colour = write(join(resources, 'tray', `tray-${state}.svg`), trayColour(state));
  const template = write(join(resources, 'tray', `tray-${state}Template.svg`), trayTemplate(state));
  for (const [platform, size] of Object.entries(traySizes)) {
    const source = platform === 'mac' ? template : colour;
    const name = platform === 'mac' ? `tray-${state}Template` : `tray-${state}`;
    render(source, join(resources, 'tray', platform, `${name}.png`), size);
    render(source, join(resources, 'tray', platform, `${name}@2x.png`), size * 2);
  }
}
console.log(`Icons written to ${resources}`);
