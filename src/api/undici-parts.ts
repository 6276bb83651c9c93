/**
 * The parts of undici the API client uses, each from its own module. undici's index loads
 * all of undici (fetch, cookies, WebSocket, caches, mocks), and its cookie module reads
 * `globalThis.Headers`, which makes Node load its own bundled copy of undici's fetch: about
 * 11 MB of every host's memory for code nothing here calls.
 */
import type { Dispatcher as DispatcherType } from 'undici';
import Agent from 'undici/lib/dispatcher/agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';
import api from 'undici/lib/api/index.js';
import buildConnector from 'undici/lib/core/connect.js';

// What undici's index does: request, connect and the rest are methods of every dispatcher
// (ProxyAgent calls `connect` on its client to open the tunnel).
Object.assign(Dispatcher.prototype, api);

export { Agent, Pool, ProxyAgent, buildConnector };

export type RequestOptions = Omit<DispatcherType.RequestOptions, 'origin' | 'path' | 'method'> & {
  method?: DispatcherType.HttpMethod;
  dispatcher: DispatcherType;
};

/** undici's `request(url, options)`, always through the given dispatcher. */
export function request(
  url: string,
  options: RequestOptions,
): Promise<DispatcherType.ResponseData> {
  const { dispatcher, method = 'GET', ...rest } = options;
  const { origin, pathname, search } = new URL(url);
  return dispatcher.request({ ...rest, origin, path: `${pathname}${search}`, method });
}
