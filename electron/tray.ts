import { join } from 'node:path';
import {
  Menu,
  Tray,
  nativeImage,
  type MenuItemConstructorOptions,
  type NativeImage,
} from 'electron';
import type { TrayAction, TrayMenuItem } from './tray-menu.ts';
import { trayIconFile, trayTooltip, type TrayState } from './tray-icons.ts';

export interface PerchTray {
  /** Shows the unread state; the count goes into the hover text (and the menu bar on macOS). */
  setTrayState(state: TrayState, count: number): void;
  /** Replaces the context menu (accounts, Do Not Disturb, video call, open, quit). */
  setMenu(items: TrayMenuItem[], onAction: (action: TrayAction) => void): void;
  destroy(): void;
}

function toElectron(
  items: TrayMenuItem[],
  onAction: (action: TrayAction) => void,
): MenuItemConstructorOptions[] {
  return items.map((item): MenuItemConstructorOptions => {
    switch (item.type) {
      case 'separator':
        return { type: 'separator' };
      case 'label':
        return { label: item.label, enabled: false };
      case 'action':
        return { label: item.label, enabled: item.enabled, click: () => onAction(item.action) };
      case 'radio':
        return {
          type: 'radio',
          label: item.label,
          checked: item.checked,
          click: () => onAction(item.action),
        };
      case 'submenu':
        return { label: item.label, submenu: toElectron(item.items, onAction) };
    }
  });
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
    setMenu(items, onAction) {
      tray.setContextMenu(Menu.buildFromTemplate(toElectron(items, onAction)));
    },
    destroy: () => tray.destroy(),
  };
}
