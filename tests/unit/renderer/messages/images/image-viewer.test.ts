import { describe, expect, it } from 'vitest';
import {
  imagesOf,
  indexOfImage,
  type ListedImage,
} from '../../../../../src/renderer/views/messages/images/image-list.ts';
import { ImageViewerModel } from '../../../../../src/renderer/views/messages/images/image-viewer.svelte.ts';

const inline = (href: string, title?: string) =>
  `<div class="message_inline_image"><a href="${href}"${title ? ` title="${title}"` : ''}><img src="${href}"></a></div>`;

describe('imagesOf', () => {
  it('lists every inline image of the messages in order, with a name to show', () => {
    const images = imagesOf([
      {
        id: 1,
        content: `<p>two</p>${inline('/user_uploads/2/ab/x/a.png', 'a.png')}${inline('/user_uploads/2/cd/y/b%20c.png')}`,
      },
      { id: 2, content: '<p>none</p>' },
      { id: 3, content: inline('/user_uploads/2/ef/z/d.png?x=1&amp;y=2') },
    ]);
    expect(images).toEqual([
      { messageId: 1, href: '/user_uploads/2/ab/x/a.png', title: 'a.png' },
      { messageId: 1, href: '/user_uploads/2/cd/y/b%20c.png', title: 'b c.png' },
      { messageId: 3, href: '/user_uploads/2/ef/z/d.png?x=1&y=2', title: 'd.png' },
    ]);
  });

  it('finds a clicked image by its message and its absolute link', () => {
    const images = imagesOf([
      {
        id: 5,
        content: inline('/user_uploads/2/ab/x/a.png') + inline('/user_uploads/2/ab/x/b.png'),
      },
    ]);
    expect(
      indexOfImage(
        images,
        5,
        'https://chat.example/user_uploads/2/ab/x/b.png',
        'https://chat.example',
      ),
    ).toBe(1);
    expect(indexOfImage(images, 6, '/user_uploads/2/ab/x/b.png', 'https://chat.example')).toBe(-1);
  });
});

/** Lets the answers already given reach the model (a few turns of the microtask queue). */
async function settled() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

const three: ListedImage[] = [1, 2, 3].map((n) => ({
  messageId: n,
  href: `/i/${n}.png`,
  title: `${n}.png`,
}));

describe('ImageViewerModel', () => {
  it('asks for each full-size image only when it is shown, and steps without wrapping', async () => {
    const asked: string[] = [];
    const model = new ImageViewerModel(async (i) => {
      asked.push(i.href);
      return `https://chat.example${i.href}`;
    });
    expect(model.isOpen).toBe(false);
    model.open(three, 0);
    await Promise.resolve();
    expect(model.url).toBe('https://chat.example/i/1.png');
    expect(model.position).toBe('Image 1 of 3');
    expect(model.hasPrevious).toBe(false);
    model.previous();
    expect(model.index).toBe(0);
    model.next();
    model.next();
    model.next();
    expect(model.index).toBe(2);
    expect(model.hasNext).toBe(false);
    expect(asked).toEqual(['/i/1.png', '/i/2.png', '/i/3.png']);
    model.close();
    expect(model.isOpen).toBe(false);
  });

  it('zooms in steps from the fitted size, and back to fit on another image', () => {
    const model = new ImageViewerModel(async () => 'u');
    model.open(three, 1);
    expect(model.zoomText).toBe('Fit');
    model.zoomIn(0.6);
    expect(model.zoomText).toBe('75%');
    model.zoomIn();
    expect(model.zoomText).toBe('100%');
    model.zoomOut();
    model.zoomOut();
    expect(model.zoomText).toBe('50%');
    model.next();
    expect(model.zoomText).toBe('Fit');
  });

  it('says in words when an image cannot be had, and drops a late answer', async () => {
    let fail: (e: Error) => void = () => undefined;
    const model = new ImageViewerModel((i) =>
      i.href === '/i/1.png' ? new Promise((_, reject) => (fail = reject)) : Promise.resolve('ok'),
    );
    model.open(three, 0);
    model.next();
    fail(new Error('gone'));
    await settled();
    expect(model.error).toBeUndefined();
    expect(model.url).toBe('ok');
    model.open([three[0]!], 0);
    fail(new Error('the file is gone'));
    await settled();
    expect(model.error).toBe('The image could not be loaded: the file is gone');
  });
});
