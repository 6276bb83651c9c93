/**
 * Lets the Messages view's keyboard run a menu action on the selected message's row, which
 * owns the action's state (the inline editor, the note, the error), without opening the menu.
 * Each row registers itself while it is on screen.
 */
export type RowCommand = 'edit' | 'star' | 'quote';

export const ROW_COMMANDS = 'rowCommands';

export class RowCommands {
  private readonly rows = new Map<number, (command: RowCommand) => void>();

  /** Returns the unregister function, for a `$effect` to call when the row goes. */
  register(messageId: number, run: (command: RowCommand) => void): () => void {
    this.rows.set(messageId, run);
    return () => {
      if (this.rows.get(messageId) === run) this.rows.delete(messageId);
    };
  }

  /** False when the message has no row on screen, so the key keeps its ordinary meaning. */
  run(messageId: number | undefined, command: RowCommand): boolean {
    const row = messageId === undefined ? undefined : this.rows.get(messageId);
    row?.(command);
    return row !== undefined;
  }
}
