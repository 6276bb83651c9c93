/**
 * Whether the Messages sidebar is unfolded in a narrow window (under 1000 px, where it gives
 * its width to the list and waits behind a toggle). Remembered on this computer, so the
 * window opens the way the user left it. Wide windows always show it.
 */
const KEY = 'perch.messages.sidebarOpen';

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export class SidebarFold {
  open = $state(stored());

  toggle(): void {
    this.set(!this.open);
  }

  set(open: boolean): void {
    this.open = open;
    try {
      localStorage.setItem(KEY, open ? '1' : '0');
    } catch {
      // Storage refused (private mode): the choice lasts for this window only.
    }
  }
}

/** The width under which the sidebar folds; the same figure as the stylesheet's. */
export const FOLD_QUERY = '(max-width: 999px)';
