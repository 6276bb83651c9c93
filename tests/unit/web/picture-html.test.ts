/**
 * The picture's place in the page browser mode serves (src/web/picture-html.ts): drawn
 * before the entry script, at the width it was taken at only, in the reader's theme.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { splitAtHead } from '../../../src/web/boot-html.ts';
import { canPicture, pictureBody, pictureHead } from '../../../src/web/picture-html.ts';

// The page as the renderer's source has it: the built one differs in its script tags only.
const source = await readFile('src/renderer/index.html');
const built = Buffer.from(
  source
    .toString('utf8')
    .replace(
      '<title>Perch</title>',
      '<title>Perch</title>\n<script type="module" blocking="render" crossorigin src="./assets/index-x.js"></script>',
    ),
);

describe('the picture in the page', () => {
  const [head, rest] = splitAtHead(built)!;
  const picture = {
    html: '<div class="shell">The list</div>',
    width: 1024,
    theme: 'dark' as const,
  };

  it('finds where it goes in the renderer page', () => {
    expect(canPicture(head, rest)).toBe(true);
    expect(canPicture(Buffer.from('<html><head>'), rest)).toBe(false);
  });

  it('puts the theme on the root and lets the page draw before its script', () => {
    const out = pictureHead(head, picture).toString('utf8');
    expect(out).toContain('<html lang="en" data-theme="dark">');
    expect(out).toContain('<script type="module" crossorigin src="./assets/index-x.js">');
    expect(out).not.toContain('blocking="render"');
    // Hidden at any other width than its own.
    expect(out).toContain(
      '@media not all and (min-width:1023.5px) and (max-width:1024.5px){#perch-picture{display:none}}',
    );
  });

  it('puts the picture in the App element, inert and hidden from readers', () => {
    const out = pictureBody(rest, picture).toString('utf8');
    expect(out).toContain(
      '<div id="app"><div id="perch-picture" inert aria-hidden="true"><div class="shell">The list</div></div></div>',
    );
    expect(out).not.toContain('<div id="app"></div>');
  });
});
