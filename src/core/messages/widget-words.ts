/**
 * A widget's change (a submessage's JSON, as upstream's poll and to-do widgets send it:
 * `vote`, `new_option`, `question`, `strike`, `new_task`, `new_task_list_title`) in words,
 * for the sentence that says what became of it after a lost answer (pending-actions.ts).
 */
export interface WidgetWords {
  /** "Your vote" */
  what: string;
  /** "it is not counted" */
  notHeld: string;
}

function quoted(v: unknown): string {
  return typeof v === 'string' && v.trim() !== '' ? ` “${v.trim()}”` : '';
}

export function widgetWords(content: string): WidgetWords {
  let data: Record<string, unknown> = {};
  try {
    const v: unknown = JSON.parse(content);
    if (v !== null && typeof v === 'object') data = v as Record<string, unknown>;
  } catch {
    // Not JSON: said as a change of the widget, as any unknown one is.
  }
  switch (data.type) {
    case 'vote':
      return data.vote === -1
        ? { what: 'Taking back your vote', notHeld: 'your vote still counts' }
        : { what: 'Your vote', notHeld: 'it is not counted' };
    case 'new_option':
      return { what: `Your option${quoted(data.option)}`, notHeld: 'it is not in the poll' };
    case 'question':
      return { what: 'Your new question', notHeld: 'the poll asks what it asked before' };
    case 'strike':
      return { what: 'Your check of a task', notHeld: 'the task is as it was' };
    case 'new_task':
      return { what: `Your task${quoted(data.task)}`, notHeld: 'it is not on the list' };
    case 'new_task_list_title':
      return { what: 'Your new title', notHeld: 'the list keeps its old title' };
    default:
      return { what: 'Your change to the widget', notHeld: 'it is not there' };
  }
}
