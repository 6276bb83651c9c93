import { describe, expect, it } from 'vitest';
import type { DirectoryUser } from '../../../../src/contract/schemas/compose.ts';
import { peopleLookup, replyTarget } from '../../../../src/renderer/views/messages/reply-target.ts';
import { showsIn } from '../../../../src/renderer/views/messages/compose/recipient.ts';

const me = 1;
const users: DirectoryUser[] = [
  { id: 1, name: 'Olive Owner', email: 'owner@x.test', active: true, bot: false },
  { id: 5, name: 'Mel Member', email: 'Mel@x.test', active: true, bot: false },
  { id: 6, name: 'Max Member', email: 'max@x.test', active: true, bot: false },
];
const people = peopleLookup(users);

describe('replyTarget for a dm narrow with nothing loaded', () => {
  it('names the person of dm:<id> from the directory, not by id', () => {
    const t = replyTarget([{ operator: 'dm', operand: [5] }], undefined, undefined, me, people);
    expect(t?.recipient).toEqual({ type: 'direct', users: [{ id: 5, name: 'Mel Member' }] });
  });

  it('finds the people of dm:<email>,<email> whatever the case, so compose can send', () => {
    const t = replyTarget(
      [{ operator: 'dm', operand: 'mel@x.test,MAX@x.test' }],
      undefined,
      undefined,
      me,
      people,
    );
    expect(t?.recipient).toEqual({
      type: 'direct',
      users: [
        { id: 5, name: 'Mel Member' },
        { id: 6, name: 'Max Member' },
      ],
    });
  });

  it('offers nothing for an email nobody has', () => {
    const terms = [{ operator: 'dm', operand: 'ghost@x.test' }];
    expect(replyTarget(terms, undefined, undefined, me, people)).toBeUndefined();
  });
});

describe('showsIn', () => {
  const general = { type: 'stream' as const, streamId: 3, channel: 'general' };
  it('counts the feed, the channel and its topic as showing a message', () => {
    expect(showsIn([], general, 'x', me)).toBe(true);
    expect(showsIn([{ operator: 'channel', operand: 'general' }], general, 'x', me)).toBe(true);
    const topic = [
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: 'X' },
    ];
    expect(showsIn(topic, general, 'x', me)).toBe(true);
    expect(showsIn(topic, general, 'y', me)).toBe(false);
  });
  it('tells another channel or conversation apart', () => {
    expect(showsIn([{ operator: 'channel', operand: 'dev' }], general, 'x', me)).toBe(false);
    const mel = { type: 'direct' as const, users: [{ id: 5, name: 'Mel Member' }] };
    expect(showsIn([{ operator: 'dm', operand: [5] }], mel, '', me)).toBe(true);
    expect(showsIn([{ operator: 'dm', operand: [5, 6] }], mel, '', me)).toBe(false);
  });
});
