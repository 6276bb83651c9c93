import { describe, expect, it } from 'vitest';
import { flagNames } from '../../../src/server/messages/flags.ts';
import { updateFlags } from '../../../src/server/messages/flag-updates.ts';
import { messagingFixture } from './messaging-fixture.ts';

function flagsOf(
  f: ReturnType<typeof messagingFixture>,
  userId: number,
  messageId: number,
): string[] {
  return flagNames(f.m.store.history(userId).flagsOf(messageId) ?? 0);
}

describe('per-user flags of a new message', () => {
  it("marks the sender's own copy read and everyone else's unread", () => {
    const f = messagingFixture();
    const msg = f.post(f.member, 'hello', 't');
    expect(flagsOf(f, f.member.user_id, msg.id)).toEqual(['read']);
    expect(flagsOf(f, f.owner.user_id, msg.id)).toEqual([]);
  });

  it('flags personal and group mentions as mentioned, for members of nested groups too', () => {
    const f = messagingFixture();
    const personal = f.m.send({
      sender: f.owner,
      streamId: f.general.stream_id,
      topic: 't',
      content: `hi @**${f.member2.full_name}**`,
    });
    expect(flagsOf(f, f.member2.user_id, personal.id)).toContain('mentioned');
    expect(flagsOf(f, f.member.user_id, personal.id)).not.toContain('mentioned');
    // support contains member directly and moderator through the support-leads subgroup.
    const group = f.post(f.owner, 'ping @*support*', 't');
    expect(flagsOf(f, f.member.user_id, group.id)).toContain('mentioned');
    expect(flagsOf(f, f.moderator.user_id, group.id)).toContain('mentioned');
    expect(flagsOf(f, f.admin.user_id, group.id)).not.toContain('mentioned');
  });

  it('gives the channel wildcard to every recipient and the topic wildcard to participants only', () => {
    const f = messagingFixture();
    const channel = f.post(f.owner, '@**all** look', 't');
    expect(flagsOf(f, f.guest.user_id, channel.id)).toContain('stream_wildcard_mentioned');
    f.post(f.member, 'I was here', 'plans');
    const topic = f.post(f.owner, '@**topic** update', 'plans');
    expect(flagsOf(f, f.member.user_id, topic.id)).toContain('topic_wildcard_mentioned');
    expect(flagsOf(f, f.member2.user_id, topic.id)).not.toContain('topic_wildcard_mentioned');
  });

  it('sets has_alert_word on whole-word matches of the recipient’s alert words', () => {
    const f = messagingFixture();
    f.member.alert_words = ['deploy'];
    const hit = f.post(f.owner, 'Time to Deploy now', 't');
    const miss = f.post(f.owner, 'redeployment later', 't');
    expect(flagsOf(f, f.member.user_id, hit.id)).toContain('has_alert_word');
    expect(flagsOf(f, f.member.user_id, miss.id)).not.toContain('has_alert_word');
    expect(flagsOf(f, f.admin.user_id, hit.id)).not.toContain('has_alert_word');
  });
});

describe('POST /messages/flags logic', () => {
  it('marks read, reports only changed messages and rejects computed flags', () => {
    const f = messagingFixture();
    const a = f.post(f.owner, 'a', 't');
    const b = f.post(f.owner, 'b', 't');
    expect(updateFlags(f.m, f.member, [a.id], 'add', 'read')).toEqual([a.id]);
    expect(updateFlags(f.m, f.member, [a.id, b.id], 'add', 'read')).toEqual([b.id]);
    expect(() => updateFlags(f.m, f.member, [a.id], 'add', 'mentioned')).toThrow(/not editable/);
    expect(() => updateFlags(f.m, f.member, [a.id], 'toggle', 'read')).toThrow(/operation/);
    expect(() => updateFlags(f.m, f.member, [a.id], 'add', 'bogus')).toThrow(/Invalid flag/);
  });

  it('refuses messages the user cannot read', () => {
    const f = messagingFixture();
    const secret = f.post(f.owner, 'private', 't', f.leadership);
    expect(() => updateFlags(f.m, f.member, [secret.id], 'add', 'starred')).toThrow(
      /Invalid message/,
    );
    expect(() => updateFlags(f.m, f.member, [9999], 'add', 'starred')).toThrow(/Invalid message/);
  });
});
