/**
 * What one message's widget does on the reader's behalf: each change (a vote, an option, the
 * question, a task checked or added) is sent as a submessage, and shows once its event comes
 * back, as it shows for everyone else. The forms' text stays until the server took it; a
 * refusal or a lost connection is kept for the widget to say, with the text still there.
 */
import type { Invoke } from '../../../lib/rpc-port.ts';
import {
  newOptionContent,
  newTaskContent,
  questionContent,
  strikeContent,
  titleContent,
  voteContent,
  type Poll,
  type PollOption,
  type TodoList,
  type TodoTask,
} from './widget-state.ts';

export class WidgetModel {
  sending = $state(false);
  error = $state<unknown>();
  /** What failed, in words, for the error's label. */
  failed = $state('');
  note = $state<string | undefined>();
  /** The failed change asked again, as it was asked. */
  retry: () => void = () => {};
  optionText = $state('');
  taskText = $state('');
  taskDesc = $state('');
  /** The question or title being edited, or undefined when not editing. */
  headDraft = $state<string | undefined>();

  /** `target` is read at each change, so a row that is handed another message follows it. */
  constructor(
    private readonly invoke: Invoke,
    private readonly target: () => { accountId: string; messageId: number; me: number },
  ) {}

  private get me(): number {
    return this.target().me;
  }

  private async send(label: string, content: string): Promise<boolean> {
    this.sending = true;
    this.error = undefined;
    this.note = undefined;
    try {
      const { accountId, messageId } = this.target();
      await this.invoke('messages.submessage', { accountId, messageId, content });
      return true;
    } catch (err) {
      this.error = err;
      this.failed = label;
      return false;
    } finally {
      this.sending = false;
    }
  }

  vote(option: PollOption): Promise<boolean> {
    return this.attempt('Vote not counted', voteContent(option, this.me));
  }

  /** A change whose failure Try again sends once more, unchanged. */
  private attempt(label: string, content: string): Promise<boolean> {
    this.retry = () => void this.attempt(label, content);
    return this.send(label, content);
  }

  async addOption(poll: Poll): Promise<void> {
    const text = this.optionText.trim();
    if (text === '') return;
    if (poll.options.some((o) => o.text === text)) {
      this.note = `“${text}” is already an option.`;
      return;
    }
    this.retry = () => void this.addOption(poll);
    if (await this.send('Option not added', newOptionContent(poll, text))) this.optionText = '';
  }

  strike(task: TodoTask): Promise<boolean> {
    return this.attempt('Task not changed', strikeContent(task));
  }

  async addTask(todo: TodoList): Promise<void> {
    const task = this.taskText.trim();
    if (task === '') return;
    if (todo.tasks.some((t) => t.task === task)) {
      this.note = `“${task}” is already on the list.`;
      return;
    }
    this.retry = () => void this.addTask(todo);
    if (await this.send('Task not added', newTaskContent(todo, task, this.taskDesc.trim()))) {
      this.taskText = '';
      this.taskDesc = '';
    }
  }

  startEditing(current: string): void {
    this.headDraft = current;
    this.error = undefined;
    this.note = undefined;
  }

  cancelEditing(): void {
    this.headDraft = undefined;
  }

  /** Saves the poll's question or the list's title; an unchanged or empty one just closes. */
  async saveHead(widget: Poll | TodoList): Promise<void> {
    const text = (this.headDraft ?? '').trim();
    const current = widget.kind === 'poll' ? widget.question : widget.title;
    if (text === '' || text === current) {
      this.headDraft = undefined;
      return;
    }
    const content = widget.kind === 'poll' ? questionContent(text) : titleContent(text);
    const label = widget.kind === 'poll' ? 'Question not changed' : 'Title not changed';
    this.retry = () => void this.saveHead(widget);
    if (await this.send(label, content)) this.headDraft = undefined;
  }
}
