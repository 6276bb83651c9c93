import { join } from 'node:path';
import { Menu, Tray, nativeImage, type NativeImage } from 'electron';
import { trayIconFile, trayTooltip, type TrayState } from './tray-icons.ts';

export interface PerchTray {
  /** Shows the unread state; the count goes into the hover text (and the menu bar on macOS). */
  setTrayState(state: TrayState, count: number): void;
  destroy(): void;
}

export function createTray(
  resourcesDir: string,
  actions: { open(): void; quit(): void },
): PerchTray {
  const images = new Map<TrayState, NativeImage>();
  const image = (state: TrayState): NativeImage => {
    let loaded = images.get(state);
    if (!loaded) {
      loaded = nativeImage.createFromPath(
        join(resourcesDir, trayIconFile(state, process.platform)),
      );
      images.set(state, loaded);
    }
    return loaded;
  };

  const tray = new Tray(image('none'));
  tray.setToolTip(trayTooltip('none', 0));
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: 'Open Perch', click: actions.open },
      { type: 'separator' },
      { label: 'Quit Perch', click: actions.quit },
    ]),
  );
  // Windows and most Linux panels: a plain click opens the window; macOS shows the menu.
  tray.on('click', actions.open);

  return {
    setTrayState(state, count) {
      tray.setImage(image(state));
      tray.setToolTip(trayTooltip(state, count));
      if (process.platform === 'darwin')
        tray.setTitle(state !== 'none' && count > 0 ? String(count) : '');
    },
    destroy: () => tray.destroy(),
  };
}
