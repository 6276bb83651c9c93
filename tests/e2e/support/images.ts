/** A 16×16 PNG small enough to inline: an attachment, a custom emoji's image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAGUlEQVR4nGP8z8DwnwEJMCFzGBgYGEYVAAA3TwIB2uB4OwAAAABJRU5ErkJggg==',
  'base64',
);
