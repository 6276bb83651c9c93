import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// The renderer is loaded from file:// in Electron and from the web host in browser mode,
// so every asset path is relative.
export default defineConfig({
  root: 'src/renderer',
  base: './',
  plugins: [svelte()],
  build: { outDir: '../../dist/renderer', emptyOutDir: true, sourcemap: true },
});
