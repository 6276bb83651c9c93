import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  plugins: [svelte()],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // Ceilings for a machine whose cores are shared with other work; tests wait for events.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
