/**
 * The renderer's clock for labels that depend on the day ("Today", "Yesterday"): one
 * reactive reading for the whole window, refreshed each minute, so a label turns at
 * midnight without each component keeping its own timer.
 */
const MINUTE = 60_000;

export const clock = $state({ now: Date.now() });

if (typeof window !== 'undefined') setInterval(() => (clock.now = Date.now()), MINUTE);
