import { BrowserWindow, shell, type Session, type WebContents } from 'electron';
import type { AppFiles } from './app-files.ts';
import { decideNavigation, isPermissionAllowed, withContentSecurityPolicy } from './policy.ts';

/**
 * The policy header covers everything the session loads over http(s). The renderer itself
 * is a file:// page, which carries no response headers, so src/renderer/index.html must hold
 * the same policy in a <meta http-equiv="Content-Security-Policy"> tag;
 * tests/unit/electron/csp.test.ts fails when that tag is missing or looser.
 */
export function installSessionPolicy(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders) });
  });
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    callback(isPermissionAllowed(permission));
  });
  session.setPermissionCheckHandler((_contents, permission) => isPermissionAllowed(permission));
}

function openOutside(url: string): void {
  const { openExternally } = decideNavigation(url);
  if (openExternally) void shell.openExternal(openExternally);
}

/** Applied to every web contents the app creates: nothing navigates, opens a window or embeds a webview. */
export function guardWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => {
    event.preventDefault();
    openOutside(event.url);
  });
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function createMainWindow(files: AppFiles, options: { show: boolean }): BrowserWindow {
  const window = new BrowserWindow({
    width: 1100,
    height: 720,
    minWidth: 640,
    minHeight: 420,
    title: 'Perch',
    icon: files.windowIcon,
    show: false,
    autoHideMenuBar: true,
    webPreferences: {
      preload: files.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      navigateOnDragDrop: false,
    },
  });
  // Showing only once painted avoids a blank white frame on start.
  if (options.show) window.once('ready-to-show', () => window.show());
  void window.loadFile(files.indexHtml);
  return window;
}
