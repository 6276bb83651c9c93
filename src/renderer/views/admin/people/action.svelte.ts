/**
 * One request a panel makes at a time: whether it is running and, when the Core or the
 * server refused it, the refusal itself so the panel can show the server's own answer.
 */
export class Action {
  busy = $state(false);
  error = $state<unknown>(undefined);

  async run<T>(op: () => Promise<T>): Promise<T | undefined> {
    this.busy = true;
    this.error = undefined;
    try {
      return await op();
    } catch (err) {
      this.error = err;
      return undefined;
    } finally {
      this.busy = false;
    }
  }
}
