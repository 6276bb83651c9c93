/**
 * Tells the Core whether the user is at this window, for the presence it reports (upstream
 * "update-presence", POST /users/me/presence): active while the window has the focus and shows,
 * idle while it is open but not in use, closed when the page goes away (then nothing is reported
 * and others see the user go offline). In Electron and browser mode alike. Returns the stop.
 */
import { invoke } from '../bridge.ts';

type WindowState = 'active' | 'idle' | 'closed';

export function watchWindowActivity(): () => void {
  let last: WindowState | undefined;
  const send = (state: WindowState) => {
    if (state === last) return;
    last = state;
    // A lost report only delays a dot; the next change says it again.
    void invoke('presence.window', { state }).catch(() => (last = undefined));
  };
  const report = () =>
    send(document.visibilityState === 'visible' && document.hasFocus() ? 'active' : 'idle');
  const closed = () => send('closed');
  window.addEventListener('focus', report);
  window.addEventListener('blur', report);
  document.addEventListener('visibilitychange', report);
  window.addEventListener('pagehide', closed);
  window.addEventListener('pageshow', report);
  report();
  return () => {
    window.removeEventListener('focus', report);
    window.removeEventListener('blur', report);
    document.removeEventListener('visibilitychange', report);
    window.removeEventListener('pagehide', closed);
    window.removeEventListener('pageshow', report);
  };
}
