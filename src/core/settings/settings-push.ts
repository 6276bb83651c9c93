/**
 * The user's own settings pushed to the windows as `settings.changed`: the values an event
 * (from this device or another) changed, and every value after a new registration, whose
 * lost events may have carried changes.
 */
import type { ServerEvent } from '../../api/schemas/event.ts';
import type { AccountState } from '../model/account-state.ts';
import type { PushBus } from '../push-bus.ts';
import { OwnSettings } from './own-settings.ts';

export class SettingsPush {
  /** Accounts registering afresh: every value is sent once the fresh state is in place. */
  readonly #registered = new Set<string>();

  constructor(
    private readonly bus: PushBus,
    private readonly stateOf: (accountId: string) => AccountState | undefined,
  ) {}

  modelOf(accountId: string): OwnSettings | undefined {
    const state = this.stateOf(accountId);
    return state && new OwnSettings(state.settings, state.featureLevel);
  }

  follow(accountId: string, events: readonly ServerEvent[]): void {
    const model = this.modelOf(accountId);
    const changed = model?.changedBy(events) ?? [];
    if (!model || changed.length === 0) return;
    this.bus.publish('settings.changed', {
      accountId,
      values: model.values(changed),
      effects: model.snapshot().effects,
    });
  }

  reset(accountId: string): void {
    this.#registered.add(accountId);
  }

  /** A registration reports its unread sets right after its fresh state is in place. */
  unreadsChanged(accountId: string): void {
    const model = this.#registered.delete(accountId) ? this.modelOf(accountId) : undefined;
    if (!model) return;
    const { values, effects } = model.snapshot();
    this.bus.publish('settings.changed', { accountId, values, effects });
  }
}
