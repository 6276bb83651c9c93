import { describe, expect, it } from 'vitest';
import { FLAG_BITS } from '../../../src/server/messages/flags.ts';
import { NarrowCompiler, parseNarrow } from '../../../src/server/messages/narrow.ts';
import { messagingFixture } from './messaging-fixture.ts';

function setup() {
  const f = messagingFixture();
  const general = f.post(f.owner, 'pizza today?', 'Lunch');
  const dev = f.post(f.member, 'the build is green', 'build', f.development);
  const dm = f.m.send({ sender: f.owner, dmUserIds: [f.member.user_id], content: 'psst' });
  const group = f.m.send({
    sender: f.owner,
    dmUserIds: [f.member.user_id, f.admin.user_id],
    content: 'all three',
  });
  const mention = f.m.send({
    sender: f.admin,
    streamId: f.general.stream_id,
    topic: 'lunch',
    content: `@**${f.member.full_name}** ok`,
  });
  const all = [general, dev, dm, group, mention];
  const match = (narrow: unknown) => {
    const compiled = new NarrowCompiler(f.state, f.member).compile(parseNarrow(narrow));
    const history = f.m.store.history(f.member.user_id);
    return all.filter((m) => compiled.matches(m, history.flagsOf(m.id) ?? 0)).map((m) => m.id);
  };
  return { f, general, dev, dm, group, mention, match };
}

describe('narrows', () => {
  it('filters by channel (name or id), topic (case-insensitive) and sender', () => {
    const { f, general, mention, dev, match } = setup();
    expect(match([{ operator: 'channel', operand: 'general' }])).toEqual([general.id, mention.id]);
    expect(match([['stream', f.development.stream_id]])).toEqual([dev.id]);
    expect(
      match([
        { operator: 'channel', operand: 'general' },
        { operator: 'topic', operand: 'LUNCH' },
      ]),
    ).toEqual([general.id, mention.id]);
    expect(match([{ operator: 'sender', operand: f.admin.email }])).toEqual([mention.id]);
    expect(match([{ operator: 'sender', operand: f.member.user_id }])).toEqual([dev.id]);
  });

  it('matches one-to-one and group DMs by their exact participants', () => {
    const { f, dm, group, match } = setup();
    expect(match([{ operator: 'dm', operand: [f.owner.user_id] }])).toEqual([dm.id]);
    expect(match([{ operator: 'dm', operand: [f.owner.user_id, f.admin.user_id] }])).toEqual([
      group.id,
    ]);
    expect(match([{ operator: 'is', operand: 'dm' }])).toEqual([dm.id, group.id]);
  });

  it('supports is:mentioned, is:unread, search, id and negation', () => {
    const { f, general, dev, dm, group, mention, match } = setup();
    expect(match([{ operator: 'is', operand: 'mentioned' }])).toEqual([mention.id]);
    expect(match([{ operator: 'is', operand: 'unread' }])).toEqual([
      general.id,
      dm.id,
      group.id,
      mention.id,
    ]);
    expect(match([{ operator: 'search', operand: 'BUILD green' }])).toEqual([dev.id]);
    expect(match([{ operator: 'id', operand: dm.id }])).toEqual([dm.id]);
    expect(match([{ operator: 'channel', operand: 'general', negated: true }])).toEqual([
      dev.id,
      dm.id,
      group.id,
    ]);
    f.m.store.history(f.member.user_id).update(general.id, FLAG_BITS.starred, true);
    expect(match([{ operator: 'is', operand: 'starred' }])).toEqual([general.id]);
  });

  it('reads shared history for public channels but not private ones', () => {
    const { f } = setup();
    const compile = (narrow: unknown) =>
      new NarrowCompiler(f.state, f.member).compile(parseNarrow(narrow)).sharedHistory;
    expect(compile([{ operator: 'channels', operand: 'public' }])).toBe('public');
    expect(compile([{ operator: 'channel', operand: 'general' }])).toEqual({
      streamId: f.general.stream_id,
    });
    expect(compile([{ operator: 'channel', operand: 'leadership' }])).toBeUndefined();
    expect(compile([])).toBeUndefined();
    // A private channel's history is open to its subscribers unless the channel says otherwise.
    const asOwner = (narrow: unknown) =>
      new NarrowCompiler(f.state, f.owner).compile(parseNarrow(narrow)).sharedHistory;
    expect(asOwner([['channel', 'leadership']])).toEqual({ streamId: f.leadership.stream_id });
    f.leadership.history_public_to_subscribers = false;
    expect(asOwner([['channel', 'leadership']])).toBeUndefined();
  });

  it('rejects unknown operators, channels, users and malformed terms', () => {
    const { match } = setup();
    expect(() => match([{ operator: 'colour', operand: 'red' }])).toThrow(/Invalid narrow/);
    expect(() => match([{ operator: 'channel', operand: 'nope' }])).toThrow(/unknown channel/);
    expect(() => match([{ operator: 'sender', operand: 'ghost@x.test' }])).toThrow(/unknown user/);
    expect(() => match([{ operator: 'is', operand: 'weird' }])).toThrow(/Invalid narrow/);
    expect(() => match({ operator: 'is' })).toThrow(/narrow/);
    expect(() => match([42])).toThrow(/narrow/);
  });
});
