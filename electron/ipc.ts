import { BrowserWindow, ipcMain } from 'electron';
import type { Core } from '../src/core/core.ts';
import type { Topic } from '../src/contract/contract.ts';
import type { RpcResponse } from '../src/contract/errors.ts';
import { pushAccount, WindowInterests } from '../src/contract/window-interest.ts';
import { INVOKE_CHANNEL, LISTEN_CHANNEL, PUSH_CHANNEL } from './ipc-channels.ts';
import { isAppPage } from './policy.ts';

/**
 * Carries contract calls from the app's window to the Core (which validates the arguments)
 * and the Core's pushes back to every window showing the app, a turn's pushes together.
 * Returns the undo.
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
  // Each window's followed topics, by webContents id (a reloaded page says them again).
  const interests = new WindowInterests();
  ipcMain.on(LISTEN_CHANNEL, (event, topics: unknown, accounts: unknown) => {
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null || !isAppPage(frame.url, appUrl)) return;
    interests.set(event.sender, topics, accounts);
  });
  const wants = (id: number, topic: Topic, accountId?: string) =>
    interests.wants(id, topic, accountId);
  // Each turn's pushes reach a window as one IPC message, in order (src/core/push-batch.ts).
  const unsubscribe = core.subscribeTurns(
    (pushes) => {
      for (const window of BrowserWindow.getAllWindows()) {
        const contents = window.webContents;
        if (contents.isDestroyed() || !isAppPage(contents.getURL(), appUrl)) continue;
        const taken = pushes.filter(([topic, payload]) =>
          wants(contents.id, topic, pushAccount(payload)),
        );
        if (taken.length > 0) contents.send(PUSH_CHANNEL, taken);
      }
    },
    // Taken if any window follows it (or one has not said what it follows yet).
    (topic, accountId) =>
      BrowserWindow.getAllWindows().some((w) => wants(w.webContents.id, topic, accountId)),
  );
  return () => {
    ipcMain.removeHandler(INVOKE_CHANNEL);
    ipcMain.removeAllListeners(LISTEN_CHANNEL);
    unsubscribe();
  };
}
