import { BrowserWindow, ipcMain } from 'electron';
import type { Core } from '../src/core/core.ts';
import type { RpcResponse } from '../src/core/rpc/errors.ts';
import { INVOKE_CHANNEL, PUSH_CHANNEL } from './ipc-channels.ts';
import { isAppPage } from './policy.ts';

/**
 * Carries contract calls from the app's window to the Core (which validates the arguments)
 * and the Core's pushes back to every window showing the app. Returns the undo.
 */
export function bindCoreToIpc(core: Core, appUrl: string): () => void {
  ipcMain.handle(
    INVOKE_CHANNEL,
    async (event, channel: unknown, args: unknown): Promise<RpcResponse> => {
      const frame = event.senderFrame;
      if (!frame || frame.parent !== null || !isAppPage(frame.url, appUrl)) {
        throw new Error("Refused: the call did not come from Perch's own window");
      }
      return core.invoke(channel, args);
    },
  );
  const unsubscribe = core.subscribe((topic, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      const contents = window.webContents;
      if (!contents.isDestroyed() && isAppPage(contents.getURL(), appUrl)) {
        contents.send(PUSH_CHANNEL, topic, payload);
      }
    }
  });
  return () => {
    ipcMain.removeHandler(INVOKE_CHANNEL);
    unsubscribe();
  };
}
