/**
 * The V8 flags of the process the Core runs in: browser mode's host (`npm run web` gives them
 * to Node) and Electron's main process (which sets them as it starts).
 *
 * `--max-opt=1`: V8 goes no further than its baseline compiler (Sparkplug) and never runs
 * its optimizing one (TurboFan). The Core is a long-lived process whose code runs a few times
 * for each incoming message, so all day long one function after another became hot enough
 * for TurboFan, which compiled it on V8's helper thread: about 2 ms of the host's CPU for each
 * message, a third of its whole cost with a window open, while the optimized code did not make
 * the main thread's share any smaller (bench/README.md, `background`). Start from the cache,
 * where most work is one long run of the same code, took as long either way.
 */
export const HOST_V8_FLAGS = ['--max-opt=1'] as const;
