/**
 * The image viewer's state: which of the conversation's images is open, its full-size URL
 * (asked for only when the image is opened: an upload needs a short-lived link from the
 * Core), and the zoom. Previous and next step through the list without wrapping.
 */
import type { ListedImage } from './image-list.ts';

const ZOOMS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4];

export class ImageViewerModel {
  images = $state.raw<readonly ListedImage[]>([]);
  index = $state(-1);
  /** 'fit': as large as fits the window; a number: that many image pixels per CSS pixel. */
  zoom = $state<'fit' | number>('fit');
  url = $state<string | undefined>();
  error = $state<string | undefined>();
  #resolve: (image: ListedImage) => Promise<string>;
  #asked = 0;

  constructor(resolve: (image: ListedImage) => Promise<string>) {
    this.#resolve = resolve;
  }

  get isOpen(): boolean {
    return this.index >= 0 && this.index < this.images.length;
  }

  get current(): ListedImage | undefined {
    return this.isOpen ? this.images[this.index] : undefined;
  }

  get hasPrevious(): boolean {
    return this.index > 0;
  }

  get hasNext(): boolean {
    return this.index >= 0 && this.index < this.images.length - 1;
  }

  /** "Image 2 of 5". */
  get position(): string {
    return `Image ${this.index + 1} of ${this.images.length}`;
  }

  get zoomText(): string {
    return this.zoom === 'fit' ? 'Fit' : `${Math.round(this.zoom * 100)}%`;
  }

  open(images: readonly ListedImage[], index: number): void {
    this.images = images;
    this.#show(index);
  }

  close(): void {
    this.index = -1;
    this.url = undefined;
    this.error = undefined;
    this.#asked++;
  }

  previous(): void {
    if (this.hasPrevious) this.#show(this.index - 1);
  }

  next(): void {
    if (this.hasNext) this.#show(this.index + 1);
  }

  /** From 'fit', zooming starts at the fitted size the reader saw (`fitted`). */
  zoomIn(fitted = 1): void {
    const now = this.zoom === 'fit' ? fitted : this.zoom;
    this.zoom = ZOOMS.find((z) => z > now + 1e-6) ?? ZOOMS.at(-1)!;
  }

  zoomOut(fitted = 1): void {
    const now = this.zoom === 'fit' ? fitted : this.zoom;
    this.zoom = [...ZOOMS].reverse().find((z) => z < now - 1e-6) ?? ZOOMS[0]!;
  }

  fit(): void {
    this.zoom = 'fit';
  }

  #show(index: number): void {
    this.index = index;
    this.zoom = 'fit';
    this.url = undefined;
    this.error = undefined;
    const image = this.images[index];
    if (!image) return;
    const mine = ++this.#asked;
    this.#resolve(image).then(
      (url) => {
        if (mine === this.#asked) this.url = url;
      },
      (err: unknown) => {
        if (mine === this.#asked)
          this.error = `The image could not be loaded: ${err instanceof Error ? err.message : String(err)}`;
      },
    );
  }
}
