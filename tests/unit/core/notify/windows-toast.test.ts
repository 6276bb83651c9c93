/** What a Windows toast of a notification offers (docs/notifications.md "Actions"). */
import { describe, expect, it } from 'vitest';
import { DOMParser } from '@xmldom/xmldom';
import type { ShownNotification } from '../../../../src/core/notify/notifier.ts';
import { toastActivation, toastLink, toastXml } from '../../../../src/core/notify/windows-toast.ts';

const dm: ShownNotification = {
  id: 'acc|dm:4',
  accountId: 'acc',
  title: 'Ann <ann@example.com> & "Bob"',
  body: "if a < b && b > c then it's <b>done</b>",
  messageIds: [1],
  open: { accountId: 'acc', messageId: 1, narrow: [{ operator: 'dm', operand: [4] }] },
};

/** Parsed as Windows parses it: strictly, any malformed XML fails the test. */
function parse(xml: string): Document {
  return new DOMParser({
    errorHandler: {
      warning: (m) => {
        throw new Error(m);
      },
      error: (m) => {
        throw new Error(m);
      },
      fatalError: (m) => {
        throw new Error(m);
      },
    },
  }).parseFromString(xml, 'text/xml');
}

const all = (doc: Document, tag: string): Element[] => {
  const list = doc.getElementsByTagName(tag);
  return Array.from({ length: list.length }, (_, i) => list.item(i)!);
};

describe('Windows toast of a notification', () => {
  it('shows title and body exactly as given, whatever XML characters they hold', () => {
    const doc = parse(toastXml(dm));
    const texts = all(doc, 'text').map((t) => t.textContent);
    expect(texts).toEqual([dm.title, dm.body]);
    expect(all(doc, 'b')).toEqual([]);
  });

  it('offers a reply field with Send, Mark as read and the DM mute, each naming its notification', () => {
    const doc = parse(toastXml(dm));
    const [input, ...more] = all(doc, 'input');
    expect(more).toEqual([]);
    expect(input?.getAttribute('id')).toBe('reply');
    expect(input?.getAttribute('type')).toBe('text');
    const actions = all(doc, 'action').map((a) => ({
      content: a.getAttribute('content'),
      activation: toastActivation(a.getAttribute('arguments') ?? ''),
      input: a.getAttribute('hint-inputId') || undefined,
    }));
    expect(actions).toEqual([
      { content: 'Send', activation: { kind: 'reply', notificationId: dm.id }, input: 'reply' },
      {
        content: 'Mark as read',
        activation: { kind: 'read', notificationId: dm.id },
        input: undefined,
      },
      {
        content: "Mute this conversation's notifications",
        activation: { kind: 'mute', notificationId: dm.id },
        input: undefined,
      },
    ]);
    const launch = doc.documentElement?.getAttribute('launch') ?? '';
    expect(toastActivation(launch)).toEqual({ kind: 'open', notificationId: dm.id });
  });

  it('offers Mute topic on a channel message, and only the click on a burst summary', () => {
    const topic = {
      ...dm,
      open: {
        ...dm.open,
        narrow: [
          { operator: 'channel' as const, operand: 3 },
          { operator: 'topic' as const, operand: 'deploy' },
        ],
      },
    };
    const labels = all(parse(toastXml(topic)), 'action').map((a) => a.getAttribute('content'));
    expect(labels).toEqual(['Send', 'Mark as read', 'Mute topic']);
    const summary = parse(toastXml({ ...dm, open: { ...dm.open, narrow: [] } }));
    expect(all(summary, 'actions')).toEqual([]);
    expect(summary.documentElement?.getAttribute('launch')).toBe(toastLink('open', dm.id));
  });

  it('reads back only its own links', () => {
    expect(toastActivation('perch://notification/read?id=a%7Cb')).toEqual({
      kind: 'read',
      notificationId: 'a|b',
    });
    expect(toastActivation('perch://notification/delete?id=x')).toBeUndefined();
    expect(toastActivation('perch://other/read?id=x')).toBeUndefined();
    expect(toastActivation('https://notification/read?id=x')).toBeUndefined();
    expect(toastActivation('--flag')).toBeUndefined();
  });
});
