/**
 * Runs sandboxed, so it may only require 'electron': scripts/build-electron.mjs bundles it
 * into one file. It exposes window.perch = { invoke, on, listen } and nothing else.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { PerchBridge } from '../src/contract/bridge-types.ts';
import type { RpcResponse } from '../src/contract/errors.ts';
import { INVOKE_CHANNEL, LISTEN_CHANNEL, PUSH_CHANNEL } from './ipc-channels.ts';

const bridge: PerchBridge = {
  invoke: (channel: string, args: unknown) =>
    ipcRenderer.invoke(INVOKE_CHANNEL, channel, args) as Promise<RpcResponse>,
  on(topic: string, listener: (payload: unknown) => void) {
    const forward = (_event: IpcRendererEvent, pushed: unknown, payload: unknown) => {
      if (pushed === topic) listener(payload);
    };
    ipcRenderer.on(PUSH_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(PUSH_CHANNEL, forward);
    };
  },
  listen(topics: string[]) {
    ipcRenderer.send(LISTEN_CHANNEL, topics);
  },
};

contextBridge.exposeInMainWorld('perch', bridge);
