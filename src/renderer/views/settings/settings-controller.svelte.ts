/**
 * The Settings page's state for one account: the Core's snapshot of the user's own
 * settings, kept current by `settings.changed` pushes (another device's change shows at
 * once), and each change saved the moment it is made, with its outcome beside the control.
 * A refused save puts the control back and says so.
 */
import type { SettingsSnapshotWire } from '../../../contract/schemas/settings.ts';
import { invoke, on } from '../../bridge.ts';

export type SettingValue = boolean | number | string | null;

export type SaveState =
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'failed'; error: unknown; putBack: SettingValue | undefined };

export class SettingsController {
  readonly accountId: string;
  snapshot = $state<SettingsSnapshotWire | undefined>();
  loadError = $state<unknown>();
  saves = $state<Record<string, SaveState>>({});
  #off: (() => void) | undefined;

  constructor(accountId: string) {
    this.accountId = accountId;
  }

  /** Loads the settings and follows their changes; returns the stop. */
  start(): () => void {
    this.#off = on('settings.changed', ({ accountId, values, effects }) => {
      if (accountId !== this.accountId || !this.snapshot) return;
      this.snapshot.values = { ...this.snapshot.values, ...values };
      this.snapshot.effects = effects;
    });
    void this.load();
    return () => this.#off?.();
  }

  async load(): Promise<void> {
    this.loadError = undefined;
    try {
      this.snapshot = await invoke('settings.get', { accountId: this.accountId });
    } catch (err) {
      this.loadError = err;
    }
  }

  has(name: string): boolean {
    return this.snapshot?.values[name] !== undefined;
  }

  value(name: string): SettingValue | undefined {
    return this.snapshot?.values[name];
  }

  /** Saves one setting now; the control shows the new value while it is on its way. */
  async save(name: string, value: Exclude<SettingValue, null>): Promise<void> {
    const snapshot = this.snapshot;
    if (!snapshot) return;
    const before = snapshot.values[name];
    if (before === value) return;
    snapshot.values[name] = value;
    this.saves[name] = { state: 'saving' };
    try {
      await invoke('settings.update', { accountId: this.accountId, changes: { [name]: value } });
      this.saves[name] = { state: 'saved' };
    } catch (error) {
      // Unless another change arrived meanwhile, the control goes back to the saved value.
      if (snapshot.values[name] === value && before !== undefined) snapshot.values[name] = before;
      this.saves[name] = { state: 'failed', error, putBack: before };
    }
  }
}
