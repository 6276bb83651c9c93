/**
 * Which messages have a row on screen now, per account. The row that made an action says
 * how it ended when it is still there; anything else (the outcomes banner) says it only when
 * it is not, so each outcome is said once (docs/architecture.md "Writes").
 */
export class MessagesOnScreen {
  readonly #rows = new Map<string, number>();

  /** A row shows the message; returns the way to say it is gone. */
  hold(accountId: string, messageId: number): () => void {
    const key = `${accountId}|${messageId}`;
    this.#rows.set(key, (this.#rows.get(key) ?? 0) + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const n = (this.#rows.get(key) ?? 1) - 1;
      if (n > 0) this.#rows.set(key, n);
      else this.#rows.delete(key);
    };
  }

  shows(accountId: string, messageId: number): boolean {
    return this.#rows.has(`${accountId}|${messageId}`);
  }
}

/** The window's one registry: every view's rows hold their messages here. */
export const messagesOnScreen = new MessagesOnScreen();
