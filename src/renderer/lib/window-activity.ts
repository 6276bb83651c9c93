/**
 * Tells the Core whether the user is at this window, for presence (issue 23 point 3): active
 * while the window has the focus and shows, idle when it loses either or the page goes
 * away. In Electron and browser mode alike, so the Core's PresenceReporter reports what the
 * user is doing. Returns the stop.
 */
import { invoke } from '../bridge.ts';

export function watchWindowActivity(): () => void {
  let last: boolean | undefined;
  const report = () => {
    const active = document.visibilityState === 'visible' && document.hasFocus();
    if (active === last) return;
    last = active;
    // A lost report only delays a dot; the next change or the Core's own cadence follows.
    void invoke('presence.windowActive', { active }).catch(() => (last = undefined));
  };
  const away = () => {
    last = false;
    void invoke('presence.windowActive', { active: false }).catch(() => undefined);
  };
  window.addEventListener('focus', report);
  window.addEventListener('blur', report);
  document.addEventListener('visibilitychange', report);
  window.addEventListener('pagehide', away);
  report();
  return () => {
    window.removeEventListener('focus', report);
    window.removeEventListener('blur', report);
    document.removeEventListener('visibilitychange', report);
    window.removeEventListener('pagehide', away);
  };
}
