/**
 * One message-action form's request: at most one at a time, the server's refusal kept for
 * the form to show (the fields keep what was typed), and `done` only once it is accepted.
 */
export class ActionSave {
  saving = $state(false);
  error = $state<unknown>();

  constructor(private readonly done: () => void) {}

  /** Runs `request`, or closes at once when `request` is undefined (nothing to change). */
  async run(request: (() => Promise<void>) | undefined): Promise<void> {
    if (request === undefined) {
      this.done();
      return;
    }
    this.saving = true;
    this.error = undefined;
    try {
      await request();
      this.done();
    } catch (err) {
      this.error = err;
    } finally {
      this.saving = false;
    }
  }
}
