/**
 * The Chromium trace categories the benches record a page with: the timeline's own (what
 * DevTools' Performance panel records), so a trace opens there and its events name Blink's
 * steps (UpdateLayoutTree, Layout, Paint, ...).
 */
export const TIMELINE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink',
  'cc',
  'gpu',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
];
