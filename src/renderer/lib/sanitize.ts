import DOMPurify from 'dompurify';

/**
 * Server-rendered HTML (descriptions, messages, profile values) is user-generated content.
 * Everything shown goes through here: no scripts, no event handlers, no forms or frames,
 * links only to http(s) and mailto, and each link marked to open outside the app. Relative
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
 * DOMPurify tests this against every attribute that is not known to be URI-safe, so besides
 * the schemes we allow it must pass a value with no scheme at all (`rtl`, `2`, `#top`,
 * `/path`): the last two alternatives are DOMPurify's own default for that.
 */
const ALLOWED_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
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
    FORBID_ATTR: ['style', 'background', 'poster', 'srcset'],
  });
}
