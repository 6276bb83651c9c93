/** Channels of the network settings: the proxy and the connection doctor (network/network-service.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

export function networkHandlers(
  ctx: CoreContext,
): Pick<HandlerTable, 'proxy.get' | 'proxy.set' | 'doctor.run'> {
  const network = ctx.parts.network;
  return {
    'proxy.get': async () => network.proxyState(),
    'proxy.set': (change) => network.setProxy(change),
    'doctor.run': (args) => network.doctor(args),
  };
}
