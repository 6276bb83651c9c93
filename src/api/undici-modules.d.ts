// undici's types describe its index only; these are the modules undici-parts.ts imports.
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  import { Dispatcher } from 'undici';
  export default Dispatcher;
}
declare module 'undici/lib/dispatcher/pool.js' {
  import { Pool } from 'undici';
  export default Pool;
}
declare module 'undici/lib/dispatcher/proxy-agent.js' {
  import { ProxyAgent } from 'undici';
  export default ProxyAgent;
}
declare module 'undici/lib/api/index.js' {
  const api: Record<string, unknown>;
  export default api;
}
declare module 'undici/lib/core/connect.js' {
  import { buildConnector } from 'undici';
  export default buildConnector;
}
declare module 'undici/lib/core/errors.js' {
  import type { errors } from 'undici';
  export const RequestAbortedError: typeof errors.RequestAbortedError;
  export const HeadersTimeoutError: typeof errors.HeadersTimeoutError;
  export const BodyTimeoutError: typeof errors.BodyTimeoutError;
}
declare module 'undici/lib/core/util.js' {
  export function parseHeaders(
    headers: Buffer[],
    obj?: Record<string, string | string[] | undefined>,
  ): Record<string, string | string[] | undefined>;
}
