import { join } from 'node:path';

export interface AppFiles {
  preload: string;
  indexHtml: string;
  /** Where the tray and window icons live. */
  resources: string;
  windowIcon: string;
}

/**
 * Where the shell finds its files. `appRoot` is the folder holding package.json (the
 * project in development, app.asar when packaged). Icons are read from `resourcesDir`: the
 * project's resources/ in development, and the packaged app's resources folder otherwise,
 * because electron-builder.yml copies them there, outside the archive, so a Linux tray host
 * can read them as ordinary files.
 */
export function appFiles(appRoot: string, resourcesDir: string): AppFiles {
  return {
    preload: join(appRoot, 'dist-electron', 'preload.cjs'),
    indexHtml: join(appRoot, 'dist', 'renderer', 'index.html'),
    resources: resourcesDir,
    windowIcon: join(resourcesDir, 'icons', '256x256.png'),
  };
}
