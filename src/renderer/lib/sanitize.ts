import DOMPurify from 'dompurify';

/**
 * Server-rendered HTML (descriptions, messages, profile values) is user-generated content.
 * Everything shown goes through here: no scripts, no event handlers, no forms or frames,
 * links only to http(s) and mailto, and each link marked to open outside the app.
 */
const purify = DOMPurify(window);

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
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
    ],
    FORBID_ATTR: ['style'],
  });
}
