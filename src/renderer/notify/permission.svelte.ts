/**
 * Whether this page may show notifications, asked for only after the user reads why (the
 * explanation banner) or chooses to in Preferences, never at load. "Not now" is remembered
 * in this browser so the banner does not come back on every visit.
 */
export type PermissionState = NotificationPermission | 'unsupported';

const NOT_NOW_KEY = 'perch.notifications.notNow';

function current(): PermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

function readNotNow(): boolean {
  try {
    return localStorage.getItem(NOT_NOW_KEY) === '1';
  } catch {
    return false;
  }
}

export const permission = $state<{ state: PermissionState; notNow: boolean }>({
  state: current(),
  notNow: readNotNow(),
});

export async function askPermission(): Promise<void> {
  if (typeof Notification === 'undefined') return;
  permission.state = await Notification.requestPermission();
}

export function notNow(): void {
  permission.notNow = true;
  try {
    localStorage.setItem(NOT_NOW_KEY, '1');
  } catch {
    // Private windows may refuse storage: the banner then stays away for this visit only.
  }
}

/**
 * Follows changes made outside the page (the address bar's site settings): the browser
 * reports them through the Permissions API, and a refocused tab is checked again anyway.
 */
export function watchPermission(): () => void {
  const refresh = () => (permission.state = current());
  window.addEventListener('focus', refresh);
  let status: PermissionStatus | undefined;
  navigator.permissions
    ?.query({ name: 'notifications' })
    .then((s) => {
      status = s;
      s.onchange = refresh;
    })
    .catch(() => undefined);
  return () => {
    window.removeEventListener('focus', refresh);
    if (status) status.onchange = null;
  };
}
