/**
 * What compose tells the Core about typing, decided from the user's own edits: a draft that
 * appears by itself (switching narrows, or the saved drafts loading after the window opened
 * on a narrow that has one) is not typing, or others would see "… is typing" from someone who
 * only opened Perch. An emptied draft (sent or cleared) and moving elsewhere end it. The Core
 * paces what actually goes to the server (core/typing/sender.ts).
 */
import type { TypingTarget } from '../../../../contract/schemas/typing.ts';

export type TypingNotice = (target: TypingTarget, active: boolean) => void;

export class TypingReport {
  #last: { target: TypingTarget; key: string } | undefined;
  #edits: number;

  constructor(
    private readonly notice: TypingNotice,
    /** The edit count compose starts from. */
    edits = 0,
  ) {
    this.#edits = edits;
  }

  /** Compose's conversation (undefined while it has none), its draft, and the edits so far. */
  update(target: TypingTarget | undefined, draft: string, edits: number): void {
    const key = target ? JSON.stringify(target) : '';
    const edited = edits !== this.#edits;
    this.#edits = edits;
    const previous = this.#last;
    this.#last = target ? { target, key } : undefined;
    if (previous && previous.key !== key) {
      this.notice(previous.target, false);
      return;
    }
    if (!target) return;
    if (draft.trim() === '') {
      if (previous) this.notice(target, false);
    } else if (edited) {
      this.notice(target, true);
    }
  }
}
