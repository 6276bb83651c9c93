import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  plugins: [svelte()],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // Ceilings for a machine whose cores are shared with other work; tests wait for events.
    testTimeout: 60_000,
    // Most files spend their time waiting on loopback HTTP, the keychain or D-Bus rather than
    // on a core, and Vitest's default (one fewer worker than cores) ran them one at a time
    // on CI's two cores; two workers, one per core.
    maxWorkers: 2,
    hookTimeout: 60_000,
  },
});
