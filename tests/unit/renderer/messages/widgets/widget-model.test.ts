import { describe, expect, it } from 'vitest';
import { RpcError } from '../../../../../src/contract/errors.ts';
import type { Invoke } from '../../../../../src/renderer/lib/rpc-port.ts';
import { WidgetModel } from '../../../../../src/renderer/views/messages/widgets/widget-model.svelte.ts';
import type {
  Poll,
  TodoList,
} from '../../../../../src/renderer/views/messages/widgets/widget-state.ts';

function core(fail?: unknown) {
  const sent: unknown[] = [];
  const invoke = (async (channel: string, args: { content: string }) => {
    if (fail) throw fail;
    sent.push({ channel, ...args, content: JSON.parse(args.content) as unknown });
    return {};
  }) as unknown as Invoke;
  return { sent, invoke };
}

const target = () => ({ accountId: 'a1', messageId: 9, me: 2 });
const poll: Poll = {
  kind: 'poll',
  question: 'Lunch?',
  options: [{ key: 'canned,0', text: 'Noodles', voters: [] }],
  nextIdx: 1,
};
const todo: TodoList = { kind: 'todo', title: 'Chores', tasks: [], nextIdx: 1 };

describe('WidgetModel', () => {
  it('sends a new option and clears the field once the server took it', async () => {
    const c = core();
    const model = new WidgetModel(c.invoke, target);
    model.optionText = '  Tacos ';
    await model.addOption(poll);
    expect(c.sent).toEqual([
      {
        channel: 'messages.submessage',
        accountId: 'a1',
        messageId: 9,
        content: { type: 'new_option', idx: 1, option: 'Tacos' },
      },
    ]);
    expect(model.optionText).toBe('');
  });

  it('says an option is there already instead of sending it twice', async () => {
    const c = core();
    const model = new WidgetModel(c.invoke, target);
    model.optionText = 'Noodles';
    await model.addOption(poll);
    expect(c.sent).toEqual([]);
    expect(model.note).toBe('“Noodles” is already an option.');
  });

  it('keeps a refused task’s text and says what failed', async () => {
    const refusal = new RpcError({ code: 'FAILED', message: 'No.', apiCode: 'BAD_REQUEST' });
    const model = new WidgetModel(core(refusal).invoke, target);
    model.taskText = 'Laundry';
    await model.addTask(todo);
    expect(model.error).toBe(refusal);
    expect(model.failed).toBe('Task not added');
    expect(model.taskText).toBe('Laundry');
  });

  it('closes the question editor without sending when nothing changed', async () => {
    const c = core();
    const model = new WidgetModel(c.invoke, target);
    model.startEditing('Lunch?');
    await model.saveHead(poll);
    expect(model.headDraft).toBeUndefined();
    model.startEditing('Lunch?');
    model.headDraft = 'Lunch today?';
    await model.saveHead(poll);
    expect(c.sent).toEqual([
      expect.objectContaining({ content: { type: 'question', question: 'Lunch today?' } }),
    ]);
  });
});
