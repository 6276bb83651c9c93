import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { emojiImages } from './scripts/vite-emoji-images.ts';

/**
 * The entry script blocks the page's rendering (`blocking="render"`, the HTML standard's
 * render-blocking elements): a reopened window drew the empty page as soon as its stylesheet
 * came, a frame whose style and paint held the main thread while the script waited to run
 * (bench/README.md, `background`). Vite drops the attribute from the source's tag, so it is
 * put on the built one.
 */
const renderBlockingEntry: Plugin = {
  name: 'render-blocking-entry',
  transformIndexHtml: {
    order: 'post',
    handler: (html) =>
      html.replace(
        '<script type="module" crossorigin',
        '<script type="module" blocking="render" crossorigin',
      ),
  },
};

// The renderer is loaded from file:// in Electron and from the web host in browser mode,
// so every asset path is relative.
export default defineConfig({
  root: 'src/renderer',
  base: './',
  plugins: [svelte(), emojiImages(), renderBlockingEntry],
  build: {
    outDir: '../../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    // The largest chunk is the emoji data (about 570 kB, 86 kB gzipped), loaded on demand.
    chunkSizeWarningLimit: 600,
    // Fonts stay files: the page's Content-Security-Policy loads fonts from 'self' only, and an
    // inlined one (KaTeX_Size3's woff2 is small enough to be) would be a data: URL it blocks.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/i.test(file) ? false : undefined),
  },
});
