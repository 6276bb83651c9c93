/**
 * One "who may invite" control of the panel: the option the owner picked, the save in
 * flight and its answer. The select shows the pick until the server has answered; after
 * that, saved or refused, it shows the server's value again, so it never claims a value
 * the server does not hold.
 */
import type { GroupSetting } from '../../../../contract/schemas/admin-channels.ts';
import type { InvitePermissionName } from '../../../../contract/schemas/admin-org.ts';
import { Action } from '../people/action.svelte.ts';
import { choiceKey, refusalSentence, type Choice } from '../rules/invite-permissions.ts';

export type SettingChange = Partial<
  Record<InvitePermissionName, { new: GroupSetting; old: GroupSetting }>
>;

/** The Core call (adminOrg.updateInvitePermissions), given so the class runs without a window. */
export type SaveSettings = (settings: SettingChange) => Promise<{ ignoredParameters: string[] }>;

export class InvitePermissionEdit {
  /** The option picked, with the server's value it was picked over (sent as `old`). */
  #pick = $state<{ key: string; over: GroupSetting } | undefined>();
  readonly save = new Action();
  saved = $state<string | undefined>();
  ignored = $state<string[]>([]);
  readonly #name: InvitePermissionName;
  readonly #send: SaveSettings;
  readonly #reload: () => Promise<void>;

  constructor(name: InvitePermissionName, send: SaveSettings, reload: () => Promise<void>) {
    this.#name = name;
    this.#send = send;
    this.#reload = reload;
  }

  /** The select's value: the pick, else the server's. */
  shown(current: GroupSetting): string {
    return this.#pick?.key ?? choiceKey(current);
  }

  /** Whether Save would change anything. */
  changed(current: GroupSetting): boolean {
    return this.#pick !== undefined && this.#pick.key !== choiceKey(current);
  }

  /** The panel's own sentence for the last refusal, when it knows better. */
  get refusal(): string | undefined {
    return refusalSentence(this.save.error);
  }

  pick(key: string, current: GroupSetting): void {
    this.saved = undefined;
    this.save.error = undefined;
    // Picking the server's value again is no change; otherwise `over` stays what the user
    // saw first, so a change someone made since is refused rather than overwritten.
    this.#pick =
      key === choiceKey(current) ? undefined : { key, over: this.#pick?.over ?? current };
  }

  async apply(choices: readonly Choice[]): Promise<void> {
    const pick = this.#pick;
    const choice = choices.find((c) => c.key === pick?.key);
    if (!pick || !choice) return;
    this.saved = undefined;
    const settings: SettingChange = {};
    settings[this.#name] = { new: choice.value, old: pick.over };
    const result = await this.save.run(() => this.#send(settings));
    // A refusal shows the server's value at once; a save keeps the pick until the reload
    // brings the server's new value, so the select does not flick back in between.
    if (!result) this.#pick = undefined;
    else {
      this.saved = 'Saved.';
      this.ignored = result.ignoredParameters;
    }
    await this.#reload();
    this.#pick = undefined;
  }
}
