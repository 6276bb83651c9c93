/**
 * Server-rendered HTML (messages, the organization description, profile values) in real
 * Chromium: what DOMPurify keeps, and that nothing in it makes the window fetch from an
 * origin other than the content's own server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerProbe } from '../../../src/contract/contract.ts';
import type { UserDetails } from '../../../src/contract/schemas/admin-people.ts';
import { openInChromium, type ChromiumPage } from './support/in-chromium.ts';

/** Where Perch itself is served from, and the chat server whose HTML it shows. */
const APP = 'http://perch.test';
const SERVER = 'https://chat.example';
const TRACKER = 'https://tracker.example';

interface Harness {
  perch: {
    messageHtml: (html: string, serverUrl: string) => string;
    sanitizeHtml: (html: string) => string;
    opensOutside: (node: Element) => void;
    mount: (component: unknown, options: { target: Element; props: unknown }) => unknown;
    flushSync: () => void;
    OrgCard: unknown;
    UserCard: unknown;
  };
}

let chromium: ChromiumPage;

beforeAll(async () => {
  chromium = await openInChromium(
    APP,
    [
      "export { messageHtml } from './src/renderer/lib/message-html.ts';",
      "export { sanitizeHtml, opensOutside } from './src/renderer/lib/sanitize.ts';",
      "export { mount, flushSync } from 'svelte';",
      "export { default as OrgCard } from './src/renderer/views/accounts/OrgCard.svelte';",
      "export { default as UserCard } from './src/renderer/views/admin/people/UserCard.svelte';",
    ].join('\n'),
  );
}, 60_000);

afterAll(() => chromium?.close());

beforeEach(async () => {
  await chromium.page.evaluate(() => (document.body.innerHTML = ''));
  chromium.requests.length = 0;
});

function sanitize(html: string): Promise<string> {
  return chromium.page.evaluate((h) => (window as unknown as Harness).perch.sanitizeHtml(h), html);
}

/** The elements of sanitized HTML, as tag name and attributes. */
function elementsOf(html: string): Promise<{ tag: string; attrs: Record<string, string> }[]> {
  return chromium.page.evaluate((h) => {
    const doc = new DOMParser().parseFromString(h, 'text/html');
    return [...doc.body.querySelectorAll('*')].map((el) => ({
      tag: el.nodeName.toLowerCase(),
      attrs: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
    }));
  }, html);
}

/**
 * Lets the page fetch what it will: the request for `expected`, a same-server image in the
 * content, shows loading has started, and a frame and a moment more let any other start.
 */
async function settle(expected: string): Promise<void> {
  await expect.poll(() => chromium.requests.includes(expected), { timeout: 5_000 }).toBe(true);
  await chromium.page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))),
  );
}

const foreignRequests = () => chromium.requests.filter((url) => url.startsWith(TRACKER));

describe('server HTML loads images only from its own server', () => {
  const hostile =
    '<p>Hello</p>' +
    '<img src="/static/ok.png" alt="static">' +
    `<video poster="${TRACKER}/poster.png" src="${TRACKER}/video.mp4"><track src="${TRACKER}/track.vtt"></video>` +
    `<svg width="20" height="20"><image href="${TRACKER}/svg-image.png" width="10" height="10"></image>` +
    `<image xlink:href="${TRACKER}/svg-xlink.png" width="10" height="10"></image>` +
    `<filter id="f"><feImage href="${TRACKER}/fe-image.png"></feImage></filter>` +
    `<rect filter="url(#f)" width="10" height="10"></rect>` +
    `<use href="${TRACKER}/sprite.svg#icon"></use></svg>` +
    `<table background="${TRACKER}/table.png"><tbody><tr><td background="${TRACKER}/cell.png">cell</td></tr></tbody></table>` +
    `<picture><source srcset="${TRACKER}/source.png"><img src="/user_uploads/1/ok.png" alt="ok"></picture>` +
    `<audio src="${TRACKER}/audio.mp3" controls></audio>` +
    `<math><mi href="${TRACKER}/math">x</mi></math>` +
    `<img src="${TRACKER}/pixel.png" alt="pixel">` +
    `<img src="/user_uploads/1/two.png" srcset="${TRACKER}/srcset.png 2x" alt="two">` +
    `<template><img src="${TRACKER}/template.png"></template>` +
    `<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="data">` +
    `<img src="/thumbnail?url=${encodeURIComponent(`${TRACKER}/cat.png`)}&amp;size=thumbnail" alt="proxied">` +
    // Older ways to fetch, refused since before these fixes: they must stay so.
    `<image src="${TRACKER}/html-image.png"><input type="image" src="${TRACKER}/input.png">` +
    `<object data="${TRACKER}/object.svg"></object><embed src="${TRACKER}/embed.svg">` +
    `<iframe src="${TRACKER}/frame.html"></iframe><link rel="stylesheet" href="${TRACKER}/s.css">` +
    `<style>@import "${TRACKER}/import.css";</style>` +
    `<div style="background:url(${TRACKER}/style.png)">styled</div>` +
    `<a href="${SERVER}/x" ping="${TRACKER}/ping">ping</a>` +
    '<p>Bye</p>';

  it('keeps no element or attribute that could fetch, and the same-server images', async () => {
    const out = await chromium.page.evaluate(
      ([h, s]) => (window as unknown as Harness).perch.messageHtml(h, s),
      [hostile, SERVER] as const,
    );
    const elements = await elementsOf(out);
    const tags = new Set(elements.map((e) => e.tag));
    for (const tag of [
      'video',
      'track',
      'svg',
      'image',
      'feimage',
      'use',
      'picture',
      'source',
      'audio',
      'math',
      'template',
      'input',
      'object',
      'embed',
      'iframe',
      'link',
      'style',
    ]) {
      expect(tags, tag).not.toContain(tag);
    }
    const fetching = /^(background|poster|srcset|ping|style|data|xlink:href)$/;
    for (const e of elements) {
      expect(
        Object.keys(e.attrs).filter((name) => fetching.test(name)),
        e.tag,
      ).toEqual([]);
      if (e.tag !== 'a') expect(e.attrs, e.tag).not.toHaveProperty('href');
    }
    // Uploads need credentials: they wait, loading nothing, for a temporary link.
    expect(
      elements
        .filter((e) => e.tag === 'img')
        .map((e) => e.attrs.src ?? `held ${e.attrs['data-upload-path']}`),
    ).toEqual([
      `${SERVER}/static/ok.png`,
      'held /user_uploads/1/ok.png',
      'held /user_uploads/1/two.png',
    ]);
    expect(out).toContain('Hello');
    expect(out).toContain('cell');
    expect(out).toContain('Bye');
  });

  it('makes Chromium fetch nothing from another origin once shown', async () => {
    await chromium.page.evaluate(
      ([h, s]) => {
        document.body.innerHTML = (window as unknown as Harness).perch.messageHtml(h, s);
      },
      [hostile, SERVER] as const,
    );
    await settle(`${SERVER}/static/ok.png`);
    expect(foreignRequests()).toEqual([]);
  });
});

describe('the organization card and profile values', () => {
  const probe: ServerProbe = {
    url: SERVER,
    realmName: 'Chat',
    descriptionHtml:
      `<p>Welcome<img src="${TRACKER}/org.png" alt="tracker">` +
      '<img src="/static/images/logo.png" alt="logo"></p>',
    version: '11.0',
    featureLevel: 400,
    incompatible: false,
    insecure: false,
    methods: { password: true, external: [] },
  };

  const user: UserDetails = {
    userId: 9,
    fullName: 'Pat Profile',
    email: 'pat@chat.example',
    deliveryEmail: null,
    role: 400,
    isActive: true,
    isDeleted: false,
    isBot: false,
    botType: null,
    dateJoined: '2024-01-01T00:00:00Z',
    timezone: 'UTC',
    profile: [
      {
        id: 1,
        name: 'Website',
        fieldType: 1,
        value: 'x',
        renderedHtml:
          `<p><img src="${TRACKER}/profile.png" alt="tracker">` +
          '<img src="/user_avatars/9.png" alt="avatar"> <a href="/#narrow">mine</a></p>',
      },
    ],
  };

  async function mountCard(name: 'OrgCard' | 'UserCard', props: unknown): Promise<void> {
    await chromium.page.evaluate(
      ([n, p]) => {
        const { perch } = window as unknown as Harness;
        perch.mount(perch[n], { target: document.body, props: p });
        perch.flushSync();
      },
      [name, props] as const,
    );
  }

  const images = () =>
    chromium.page.evaluate(() =>
      [...document.querySelectorAll('img')].map((i) => [i.alt, i.getAttribute('src')]),
    );

  it('the organization description shows only images from the server probed', async () => {
    await mountCard('OrgCard', { probe });
    expect(await images()).toEqual([['logo', `${SERVER}/static/images/logo.png`]]);
    await settle(`${SERVER}/static/images/logo.png`);
    expect(foreignRequests()).toEqual([]);
  });

  it('a profile value shows only images from the user’s server, its links resolved there', async () => {
    await mountCard('UserCard', { user, serverUrl: SERVER });
    expect(await images()).toEqual([['avatar', `${SERVER}/user_avatars/9.png`]]);
    const link = await chromium.page.evaluate(() => {
      const a = document.querySelector('a');
      return a && [a.getAttribute('href'), a.target, a.rel];
    });
    expect(link).toEqual([`${SERVER}/#narrow`, '_blank', 'noopener noreferrer']);
    await settle(`${SERVER}/user_avatars/9.png`);
    expect(foreignRequests()).toEqual([]);
  });
});

describe('links open outside the app', () => {
  it("shows the server's emoji spans as their characters, keeping name and label", async () => {
    const html = await chromium.page.evaluate(
      ([h, s]) => (window as unknown as Harness).perch.messageHtml(h, s),
      [
        '<p>ok <span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:</span>' +
          '<span class="emoji emoji-1f1eb-1f1f7" title="flag">:flag:</span>' +
          '<span class="emoji emoji-zz">:odd:</span></p>',
        SERVER,
      ] as const,
    );
    expect(html).toContain('aria-label="tada"');
    expect(html).toContain('title="tada">\u{1f389}</span>');
    expect(html).toContain('\u{1f1eb}\u{1f1f7}</span>');
    expect(html).toContain(':odd:');
  });

  it('marks SVG links and image-map areas as well as HTML links', async () => {
    const marked = await chromium.page.evaluate(() => {
      const { opensOutside } = (window as unknown as Harness).perch;
      const links = [
        document.createElement('a'),
        document.createElementNS('http://www.w3.org/2000/svg', 'a'),
        document.createElement('area'),
      ];
      links.forEach(opensOutside);
      return links.map((l) => [l.nodeName, l.getAttribute('target'), l.getAttribute('rel')]);
    });
    expect(marked).toEqual([
      ['A', '_blank', 'noopener noreferrer'],
      ['a', '_blank', 'noopener noreferrer'],
      ['AREA', '_blank', 'noopener noreferrer'],
    ]);
  });

  it('keeps no SVG link or image map, and marks every link it keeps', async () => {
    const elements = await elementsOf(
      await sanitize(
        '<svg><a href="https://example.org/svg"><text>svg link</text></a></svg>' +
          '<img src="/map.png" usemap="#m"><map name="m">' +
          '<area href="https://example.org/area" shape="rect" coords="0,0,9,9"></map>' +
          '<a href="https://example.org/html">html link</a>',
      ),
    );
    const tags = elements.map((e) => e.tag);
    for (const tag of ['svg', 'map', 'area']) expect(tags).not.toContain(tag);
    const links = elements.filter((e) => e.attrs.href !== undefined);
    expect(links).toEqual([
      {
        tag: 'a',
        attrs: {
          href: 'https://example.org/html',
          target: '_blank',
          rel: 'noopener noreferrer',
        },
      },
    ]);
  });
});

/**
 * Most messages hold no address, image, math or emoji, and take a shorter way through
 * messageHtml (one parse, DOMPurify's): what comes out is as safe, and as the server wrote it.
 */
describe('a plain message', () => {
  const shown = (html: string) =>
    chromium.page.evaluate(([h, s]) => (window as unknown as Harness).perch.messageHtml(h, s), [
      html,
      SERVER,
    ] as const);

  it('comes out as written, less what could run', async () => {
    expect(
      await shown(
        '<p onclick="alert(1)">Deploy <strong>done</strong>, <em>green</em>' +
          '<script>alert(1)</script></p><blockquote><p>quoted</p></blockquote>',
      ),
    ).toBe(
      '<p>Deploy <strong>done</strong>, <em>green</em></p><blockquote><p>quoted</p></blockquote>',
    );
  });

  it('that only says "src" or "emoji" in its text comes out the same as one that does not', async () => {
    expect(await shown('<p>the src folder and the emoji set</p>')).toBe(
      '<p>the src folder and the emoji set</p>',
    );
  });

  it('with a link, an image or an emoji still gets each made right', async () => {
    const out = await shown(
      '<p><a href="/#narrow/channel/1">here</a> ' +
        '<span class="emoji emoji-1f389" role="img" aria-label="tada">:tada:</span> ' +
        '<img src="https://tracker.example/t.gif"></p>',
    );
    expect(out).toContain(`href="${SERVER}/#narrow/channel/1"`);
    expect(out).toContain('\u{1F389}');
    expect(out).not.toContain('<img');
  });
});

describe('attributes that are not addresses', () => {
  it('keeps table spans, alignment, sizes, direction and list starts', async () => {
    const elements = await elementsOf(
      await sanitize(
        '<table><tbody><tr><td colspan="2" rowspan="3" align="center" width="50">x</td></tr>' +
          '</tbody></table><p dir="rtl">שלום</p><ol start="3"><li>c</li></ol>' +
          '<img src="https://chat.example/a.png" width="20" height="10" alt="a">',
      ),
    );
    const attrsOf = (tag: string) => elements.find((e) => e.tag === tag)?.attrs;
    expect(attrsOf('td')).toEqual({ colspan: '2', rowspan: '3', align: 'center', width: '50' });
    expect(attrsOf('p')).toEqual({ dir: 'rtl' });
    expect(attrsOf('ol')).toEqual({ start: '3' });
    expect(attrsOf('img')).toMatchObject({ width: '20', height: '10' });
  });

  it('still refuses every scheme but http(s), mailto, tel and sms in links', async () => {
    const hrefs = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'zulip://open',
      'file:///etc/passwd',
      'telnet://example.org',
      'smsto:+15551234567',
      'javascript:tel:+15551234567',
    ];
    const out = await sanitize(
      hrefs.map((h, i) => `<a href="${h.replace(/"/g, '&quot;')}">bad ${i}</a>`).join('') +
        '<a href="https://example.org/">web</a><a href="mailto:a@example.org">mail</a>' +
        '<a href="#top">here</a><iframe src="javascript:alert(1)"></iframe>' +
        '<a href="tel:+15551234567">call</a><a href="SMS:+15551234567?body=hi">text</a>',
    );
    const elements = await elementsOf(out);
    expect(elements.map((e) => e.attrs.href ?? null)).toEqual([
      ...hrefs.map(() => null),
      'https://example.org/',
      'mailto:a@example.org',
      '#top',
      'tel:+15551234567',
      'SMS:+15551234567?body=hi',
    ]);
    expect(elements.find((e) => e.attrs.href?.startsWith('tel:'))?.attrs).toMatchObject({
      target: '_blank',
      rel: 'noopener noreferrer',
    });
  });

  it('lets an image carry a data: address only as far as messageHtml, which drops it', async () => {
    const gif = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    const html = `<img src="${gif}" alt="d"><a href="${gif}">d</a>`;
    expect((await elementsOf(await sanitize(html))).map((e) => e.attrs)).toEqual([
      { src: gif, alt: 'd' },
      { target: '_blank', rel: 'noopener noreferrer' },
    ]);
    const shown = await chromium.page.evaluate(
      ([h, s]) => (window as unknown as Harness).perch.messageHtml(h, s),
      [html, SERVER] as const,
    );
    expect(shown).not.toContain('<img');
  });
});

describe('math as KaTeX lays it out', () => {
  it('keeps lengths in styles inside .katex, and no style elsewhere or naming a URL', async () => {
    const elements = await elementsOf(
      await sanitize(
        '<span class="katex"><span class="strut" style="height:0.8641em;"></span>' +
          '<span class="vlist" style="top:-3.113em;margin-right:0.05em;"></span>' +
          `<span style="height:1em;background:url(${TRACKER}/k.png)"></span>` +
          `<span style="width:calc(1em + url(${TRACKER}/x))"></span></span>` +
          '<span style="top:-3em">outside</span><p style="color:red">outside</p>',
      ),
    );
    expect(elements.map((e) => e.attrs.style ?? null)).toEqual([
      null,
      'height:0.8641em',
      'top:-3.113em;margin-right:0.05em',
      'height:1em',
      null,
      null,
      null,
    ]);
  });

  it("lays out a server's math written with the class names of upstream's older KaTeX", async () => {
    const html =
      '<p><span class="katex"><span class="katex-html" aria-hidden="true"><span class="base">' +
      '<span class="strut" style="height:0.8641em;"></span>' +
      '<span class="sizing reset-size6 size3 mtight">2</span></span></span></span> <span class="base">text</span></p>';
    const shown = await chromium.page.evaluate(
      ([h, s]) => (window as unknown as Harness).perch.messageHtml(h, s),
      [html, SERVER] as const,
    );
    expect(shown).toContain('<span class="katex-base"><span class="katex-strut"');
    expect(shown).toContain('class="katex-sizing reset-size6 size3 mtight"');
    // Outside a formula a class is the server's own.
    expect(shown).toContain('<span class="base">text</span>');
  });
});
