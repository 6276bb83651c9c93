import { describe, expect, it } from 'vitest';
import {
  linkedConversation,
  linkedMessageId,
} from '../../../../src/renderer/views/messages/message-link.ts';

const server = 'https://chat.example.org';

describe('links to a message', () => {
  it('are read from the organization’s own narrow links', () => {
    expect(linkedMessageId(`${server}/#narrow/channel/1-general/topic/x/near/123`, server)).toBe(
      123,
    );
    expect(linkedMessageId(`${server}/#narrow/dm/4-Mel/with/77`, server)).toBe(77);
  });

  it('are not taken from other sites or from links that name no message', () => {
    expect(linkedMessageId('https://evil.example/#narrow/near/1', server)).toBeUndefined();
    expect(linkedMessageId(`${server}/#narrow/channel/1-general`, server)).toBeUndefined();
    expect(linkedMessageId(`${server}/help/near/5`, server)).toBeUndefined();
    expect(linkedMessageId('not a url', server)).toBeUndefined();
  });
});

describe('links to a conversation', () => {
  it('reads the channel and the web app’s encoded topic', () => {
    expect(linkedConversation(`${server}/#narrow/channel/12-general`, server)).toEqual({
      streamId: 12,
    });
    expect(
      linkedConversation(
        `${server}/#narrow/stream/12-general/topic/release.20v1.2E2.20.28beta.29`,
        server,
      ),
    ).toEqual({ streamId: 12, topic: 'release v1.2 (beta)' });
  });
  it('ignores other servers, messages and broken encodings', () => {
    expect(
      linkedConversation('https://evil.example/#narrow/channel/12-general', server),
    ).toBeUndefined();
    expect(
      linkedConversation(`${server}/#narrow/channel/12-general/topic/x/near/5`, server),
    ).toBeUndefined();
    expect(
      linkedConversation(`${server}/#narrow/channel/12-general/topic/.E0.A4`, server),
    ).toBeUndefined();
  });
});
