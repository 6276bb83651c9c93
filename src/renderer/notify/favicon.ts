/**
 * Draws the badge of tab-badge.ts onto the app's favicon with a canvas, so the tab shows
 * the unread count even while the user is in another tab.
 */
import type { FaviconMark } from './tab-badge.ts';

const BASE_ICON = './favicon.svg';
const SIZE = 64;

let base: Promise<HTMLImageElement> | undefined;

function loadBase(): Promise<HTMLImageElement> {
  base ??= new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('the app icon did not load'));
    image.src = BASE_ICON;
  });
  return base;
}

function iconLink(): HTMLLinkElement {
  const found = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (found) return found;
  const link = document.createElement('link');
  link.rel = 'icon';
  document.head.append(link);
  return link;
}

/**
 * The app's icon rasterized once at the badge's size: each badge drawn after copies these
 * pixels (the same ones, a canvas copied 1:1) instead of rasterizing the SVG again, which
 * was most of a badge's drawing (bench/README.md, `background`).
 */
let baseCanvas: HTMLCanvasElement | undefined;

function rasterized(image: HTMLImageElement): HTMLCanvasElement {
  if (!baseCanvas) {
    baseCanvas = document.createElement('canvas');
    baseCanvas.width = SIZE;
    baseCanvas.height = SIZE;
    baseCanvas.getContext('2d')?.drawImage(image, 0, 0, SIZE, SIZE);
  }
  return baseCanvas;
}

/**
 * The one canvas every badge is drawn on, cleared first: a canvas and its context made for
 * each badge were most of its drawing (0.36 to 0.66 ms a badge against 0.14 to 0.22 in
 * Chromium here, bench/README.md, `background`).
 */
let badgeCanvas: HTMLCanvasElement | undefined;

function draw(image: HTMLImageElement, mark: FaviconMark): string {
  if (!badgeCanvas) {
    badgeCanvas = document.createElement('canvas');
    badgeCanvas.width = SIZE;
    badgeCanvas.height = SIZE;
  }
  const canvas = badgeCanvas;
  const g = canvas.getContext('2d');
  if (!g) return BASE_ICON;
  g.clearRect(0, 0, SIZE, SIZE);
  g.drawImage(rasterized(image), 0, 0);
  const radius = mark.text.length > 1 ? 24 : 20;
  const cx = SIZE - radius;
  const cy = radius;
  g.beginPath();
  g.arc(cx, cy, radius, 0, Math.PI * 2);
  g.fillStyle = mark.attention ? '#d93025' : '#f2c14e';
  g.fill();
  g.lineWidth = 3;
  g.strokeStyle = '#ffffff';
  g.stroke();
  if (mark.text) {
    g.fillStyle = mark.attention ? '#ffffff' : '#1d232b';
    g.font = `bold ${mark.text.length > 2 ? 20 : 30}px system-ui, sans-serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(mark.text, cx, cy + 2);
  }
  return canvas.toDataURL('image/png');
}

/**
 * Icons drawn before, by mark: a count going up with a message and down as it is read would
 * otherwise be drawn (and PNG-encoded) again on every change, twice per message.
 */
const drawnIcons = new Map<string, string>();
const KEPT_ICONS = 8;

function iconFor(image: HTMLImageElement, mark: FaviconMark): string {
  const key = `${mark.attention ? '!' : ''}${mark.text}`;
  let href = drawnIcons.get(key);
  if (href === undefined) {
    href = draw(image, mark);
    if (drawnIcons.size >= KEPT_ICONS) drawnIcons.delete(drawnIcons.keys().next().value!);
    drawnIcons.set(key, href);
  }
  return href;
}

let drawn = 0;

/** Shows `mark` on the tab's icon, or the plain icon when there is nothing to mark. */
export async function showFaviconMark(mark: FaviconMark | undefined): Promise<void> {
  // A newer badge may arrive while the icon loads: only the newest one is drawn.
  const turn = ++drawn;
  const href = mark ? iconFor(await loadBase(), mark) : BASE_ICON;
  if (turn !== drawn) return;
  const link = iconLink();
  if (link.getAttribute('href') === href) return;
  link.type = mark ? 'image/png' : 'image/svg+xml';
  link.href = href;
}
