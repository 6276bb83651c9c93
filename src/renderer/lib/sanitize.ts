import DOMPurify from 'dompurify';

/**
 * Server-rendered HTML (descriptions, messages, profile values) is user-generated content.
 * Everything shown goes through here: no scripts, no event handlers, no forms or frames,
 * links only to http(s), mailto, tel and sms, and each link marked to open outside the app. Relative
 * addresses are kept, so resolve them against their server first (messageHtml does).
 */
const purify = DOMPurify(window);

/** Marks a link to open outside the app; run on every element DOMPurify keeps. */
export function opensOutside(node: Element): void {
  // tagName is upper-case only for HTML elements (an SVG <a> says 'a'), and <area> is a
  // link too: neither may open in the app's own tab, whatever the tag list lets through.
  const name = node.nodeName.toLowerCase();
  if (name === 'a' || name === 'area') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
}

purify.addHook('afterSanitizeAttributes', opensOutside);

/**
 * KaTeX lays math out with inline styles (a superscript's raise is `top:-3.063em` in a
 * `.vlist`, a fraction bar's thickness a border width). Only inside `.katex`, and only
 * lengths and a few layout keywords for the properties below: nothing that can name a URL.
 */
const KATEX_PROPERTIES = new Set([
  'height',
  'width',
  'min-width',
  'max-width',
  'top',
  'bottom',
  'left',
  'right',
  'vertical-align',
  'margin-left',
  'margin-right',
  'margin-top',
  'margin-bottom',
  'padding-left',
  'padding-right',
  'border-bottom-width',
  'border-top-width',
  'border-right-width',
  'border-left-width',
  'border-right-style',
  'border-bottom-style',
  'position',
  'font-size',
  'color',
]);
const KATEX_VALUE =
  /^(?:-?(?:\d+(?:\.\d*)?|\.\d+)(?:em|ex|px|pt|%)?|calc\([-+ .\d a-z%]*\)|relative|absolute|solid|auto|inherit|#[0-9a-f]{3,8}|[a-z]{3,20})$/i;

export function katexStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (KATEX_PROPERTIES.has(property) && KATEX_VALUE.test(value)) {
      kept.push(`${property}:${value}`);
    }
  }
  return kept.join(';');
}

purify.addHook('uponSanitizeAttribute', (node, data) => {
  if (data.attrName !== 'style') return;
  const inMath = node.nodeName === 'SPAN' && node.closest('.katex') !== null;
  const value = inMath ? katexStyle(data.attrValue) : '';
  if (value) data.attrValue = value;
  else data.keepAttr = false;
});

/**
 * The server links phone numbers with tel: and sms: (`[call](tel:+15551234567)`), which
 * the system hands to a phone or messaging app; no other scheme is let through.
 * DOMPurify tests this against every attribute that is not known to be URI-safe, so besides
 * the schemes we allow it must pass a value with no scheme at all (`rtl`, `2`, `#top`,
 * `/path`): the last two alternatives are DOMPurify's own default for that.
 */
const ALLOWED_URI = /^(?:(?:https?|mailto|tel|sms):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

// Set once: given with each call, DOMPurify built its tag and attribute sets anew for every
// message (bench/README.md, `background`).
purify.setConfig({
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  // The only thing here that may load a resource is <img src>, which messageHtml keeps
  // only from the content's own server. An allow-list of HTML (no SVG or MathML, whose
  // image, feImage, use and a take href or xlink:href) plus forbidding HTML's other
  // fetching elements and attributes is simpler to trust than filtering each URL-bearing
  // attribute by element, a list that grows with the platform.
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'iframe',
    'object',
    'embed',
    'video',
    'audio',
    'picture',
    'source',
    'track',
    'map',
    'area',
    // Its content is inert and out of reach of querySelectorAll, so of the image check.
    'template',
  ],
  // `style` is kept only as katexStyle() passes it, by the hook above.
  FORBID_ATTR: ['background', 'poster', 'srcset'],
});

export function sanitizeHtml(html: string): string {
  return purify.sanitize(html);
}
