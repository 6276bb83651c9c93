/**
 * One message-action form's request: at most one at a time, the failure kept for the form
 * to show with Try again (the fields keep what was typed), and `done` only once the server
 * holds the change (the Core reads it back when the answer was lost), told whether there
 * was anything to change.
 */
export class ActionSave {
  saving = $state(false);
  error = $state<unknown>();

  constructor(private readonly done: (changed: boolean) => void) {}

  /** Runs `request`, or closes at once when `request` is undefined (nothing to change). */
  async run(request: (() => Promise<void>) | undefined): Promise<void> {
    if (request === undefined) {
      this.done(false);
      return;
    }
    this.saving = true;
    this.error = undefined;
    try {
      await request();
      this.done(true);
    } catch (err) {
      this.error = err;
    } finally {
      this.saving = false;
    }
  }
}
