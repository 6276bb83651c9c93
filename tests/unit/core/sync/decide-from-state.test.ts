import { describe, expect, it } from 'vitest';
import { decideNotification } from '../../../../src/core/notify/policy.ts';
import { AccountState } from '../../../../src/core/model/account-state.ts';
import type { Message } from '../../../../src/core/model/state-types.ts';
import { ME } from '../notify/fixtures.ts';
import {
  DESIGN,
  RANDOM,
  UNSUBSCRIBED,
  channelMessage,
  directMessage,
  event,
  registerResponse,
} from './register-fixture.ts';

/** What the event loop will do: apply the event, then decide the new message from the state. */
function deliver(state: AccountState, message: Message, flags: string[] = []) {
  const { newMessage } = state.apply(event('message', { message, flags }));
  if (newMessage === undefined) throw new Error('a message event yields a message to decide');
  return decideNotification(state.policyInput(newMessage.message, newMessage.flags, false));
}

describe('decisions from the account state', () => {
  it('a DM gets the DM form of the input and notifies', () => {
    const state = new AccountState(registerResponse());
    const input = state.policyInput(directMessage(1), [], false);
    expect(input).toMatchObject({
      message: { id: 1, type: 'private' },
      subscription: undefined,
      topicPolicy: 0,
    });
    expect(input.message).not.toHaveProperty('stream_id');
    expect(deliver(state, directMessage(2))).toMatchObject({
      desktop: true,
      sound: true,
      rules: { desktop: 'B4' },
    });
  });

  it('a followed topic is found whatever the case of the incoming topic', () => {
    const state = new AccountState(registerResponse());
    expect(deliver(state, channelMessage(3, DESIGN, 'LUNCH'))).toMatchObject({
      desktop: true,
      rules: { desktop: 'B2' },
    });
  });

  it('a wildcard in a muted channel notifies once the subscription asks for it', () => {
    const state = new AccountState(registerResponse());
    const flags = ['stream_wildcard_mentioned'];
    expect(deliver(state, channelMessage(4, RANDOM, 'chat'), flags).rules.desktop).toBe('A6');
    state.apply(
      event('subscription', {
        op: 'update',
        stream_id: RANDOM,
        property: 'wildcard_mentions_notify',
        value: true,
      }),
    );
    expect(deliver(state, channelMessage(5, RANDOM, 'chat'), flags)).toMatchObject({
      desktop: true,
      sound: true,
    });
  });

  it('muting a topic by event stops the next message in it', () => {
    const state = new AccountState(
      registerResponse({
        user_settings: {
          ...registerResponse().user_settings,
          enable_stream_desktop_notifications: true,
        },
      }),
    );
    expect(deliver(state, channelMessage(6, DESIGN, 'Logo')).desktop).toBe(true);
    state.apply(
      event('user_topic', {
        stream_id: DESIGN,
        topic_name: 'logo',
        last_updated: 3,
        visibility_policy: 1,
      }),
    );
    expect(deliver(state, channelMessage(7, DESIGN, 'Logo')).rules.desktop).toBe('A5');
  });

  it('a mention in a channel the user is not subscribed to still notifies; a plain message does not', () => {
    const state = new AccountState(registerResponse());
    expect(deliver(state, channelMessage(8, UNSUBSCRIBED, 't'), ['mentioned']).desktop).toBe(true);
    expect(deliver(state, channelMessage(9, UNSUBSCRIBED, 't')).rules.desktop).toBe('A6');
  });

  it("the user's own message from another device is not notified", () => {
    const state = new AccountState(registerResponse());
    expect(deliver(state, directMessage(10, ME), ['read']).rules.desktop).toBe('A1');
  });
});
