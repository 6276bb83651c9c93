import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/**
 * Files that need a process of their own: module mocks of Electron (`vi.mock`), and the
 * system certificate bundle, which Node reads once per process at its first TLS connection.
 */
const ISOLATED = [
  'tests/unit/electron/**/*.test.ts',
  'tests/integration/core/accounts/system-ca.test.ts',
];

export default defineConfig({
  plugins: [svelte()],
  test: {
    environment: 'node',
    // Ceilings for a machine whose cores are shared with other work; tests wait for events.
    testTimeout: 60_000,
    // Most files spend their time waiting on loopback HTTP, the keychain or D-Bus rather than
    // on a core, and Vitest's default (one fewer worker than cores) ran them one at a time
    // on CI's two cores; two workers, one per core.
    maxWorkers: 2,
    hookTimeout: 60_000,
    // `expect.poll` waits for what a test is told it will see, and Vitest's default gives up
    // after 1 s: on a busy machine (load 10 on two cores) a Core that answers in 1.2 s failed
    // a test whose product was right. A ceiling, not a wait: each poll passes the moment its
    // state shows, every 50 ms as before.
    expect: { poll: { timeout: 30_000 } },
    projects: [
      {
        extends: true,
        test: { name: 'isolated', include: ISOLATED, isolate: true },
      },
      {
        // Every other file runs in a worker that keeps its modules between files
        // (https://vitest.dev/guide/improving-performance): loading and transforming the
        // same modules again for each of about 400 files was most of the run's CPU (the unit
        // tests alone: 160 s of CPU isolated against 46 s shared). Tests keep no state in
        // modules between files; each makes its own servers, Cores and data directories.
        extends: true,
        test: {
          name: 'shared',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: ISOLATED,
          isolate: false,
        },
      },
    ],
  },
});
