/**
 * The last window's picture written into the page browser mode serves (docs/architecture.md
 * "No window"): the page's first frame draws it, before the entry script has run, and the App
 * replaces it once mounted (src/renderer/main.ts). The picture is the page's own DOM as it
 * last showed (src/renderer/lib/window-picture.ts): the message HTML in it was sanitized
 * before it was ever drawn, and the page's CSP runs no inline script or handler in it.
 */
import type { WindowPicture } from '../contract/schemas/window.ts';
import type { Core } from '../core/core.ts';

/** A picture as the Core serves it, with the reader's theme now. */
type ServedPicture = NonNullable<ReturnType<Core['windowPicture']>>;

/** Must match src/renderer/main.ts. */
export const PICTURE_ELEMENT_ID = 'perch-picture';

const HTML_TAG = '<html lang="en">';
const APP_ELEMENT = '<div id="app"></div>';
const RENDER_BLOCKING = ' blocking="render"';

/** Whether the page has the places a picture goes (the built index.html has). */
export function canPicture(head: Buffer, rest: Buffer): boolean {
  return head.includes(HTML_TAG) && rest.includes(APP_ELEMENT);
}

/**
 * The page's head for a picture: the theme on the root (the App sets it only once its script
 * runs), the entry script no longer render-blocking (vite.config.ts: it is, so that no empty
 * frame is drawn before the App; with a picture, that first frame is the picture), and the
 * picture hidden at any other width than it was taken at, where its rows, placed for that
 * width, would overlap.
 */
export function pictureHead(head: Buffer, picture: ServedPicture): Buffer {
  const w = picture.width;
  const style =
    `<style>#${PICTURE_ELEMENT_ID}{height:100%}` +
    `@media not all and (min-width:${w - 0.5}px) and (max-width:${w + 0.5}px)` +
    `{#${PICTURE_ELEMENT_ID}{display:none}}</style>`;
  const text = head
    .toString('utf8')
    .replace(HTML_TAG, `<html lang="en" data-theme="${picture.theme}">`)
    .replace(RENDER_BLOCKING, '');
  return Buffer.from(text + style, 'utf8');
}

/** The rest of the page with the picture in the App's element, inert and hidden from readers. */
export function pictureBody(rest: Buffer, picture: WindowPicture): Buffer {
  const at = rest.indexOf(APP_ELEMENT);
  const open = '<div id="app">';
  return Buffer.concat([
    rest.subarray(0, at),
    Buffer.from(
      `${open}<div id="${PICTURE_ELEMENT_ID}" inert aria-hidden="true">${picture.html}</div></div>`,
      'utf8',
    ),
    rest.subarray(at + APP_ELEMENT.length),
  ]);
}
