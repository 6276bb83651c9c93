/**
 * The user's enter_sends as compose follows it: the directory's value when compose opened, then
 * every change pushed by the Core, from Settings or another device, the moment it is applied. Call
 * during a component's initialisation.
 */
import { on } from '../../../bridge.ts';

export function liveEnterSends(
  accountId: () => string,
  loaded: () => boolean | undefined,
): { readonly value: boolean | undefined } {
  let changed = $state<{ accountId: string; value: boolean } | undefined>();
  $effect(() =>
    on('settings.changed', ({ accountId: id, values }) => {
      const value = values['enter_sends'];
      if (typeof value === 'boolean') changed = { accountId: id, value };
    }),
  );
  return {
    get value() {
      return changed?.accountId === accountId() ? changed.value : loaded();
    },
  };
}
