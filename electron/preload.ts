/**
 * Runs sandboxed, so it may only require 'electron': scripts/build-electron.mjs bundles it
 * into one file. It exposes window.perch = { invoke, on, listen } and nothing else.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { PerchBridge } from '../src/contract/bridge-types.ts';
import type { RpcResponse } from '../src/contract/errors.ts';
import { INVOKE_CHANNEL, LISTEN_CHANNEL, PUSH_CHANNEL } from './ipc-channels.ts';

/** The page's listeners by topic; each IPC message is one turn's pushes, in order. */
const listeners = new Map<string, Set<(payload: unknown) => void>>();
ipcRenderer.on(PUSH_CHANNEL, (_event: IpcRendererEvent, pushes: unknown) => {
  if (!Array.isArray(pushes)) return;
  for (const push of pushes as [string, unknown][]) {
    for (const listener of listeners.get(push[0]) ?? []) listener(push[1]);
  }
});

const bridge: PerchBridge = {
  invoke: (channel: string, args: unknown) =>
    ipcRenderer.invoke(INVOKE_CHANNEL, channel, args) as Promise<RpcResponse>,
  on(topic: string, listener: (payload: unknown) => void) {
    // Its own function, so the same listener given twice is told twice, as before.
    const forward = (payload: unknown) => listener(payload);
    let set = listeners.get(topic);
    if (!set) listeners.set(topic, (set = new Set()));
    set.add(forward);
    return () => {
      set.delete(forward);
    };
  },
  listen(topics: string[], accounts?: Record<string, string[]>) {
    ipcRenderer.send(LISTEN_CHANNEL, topics, accounts);
  },
};

contextBridge.exposeInMainWorld('perch', bridge);
