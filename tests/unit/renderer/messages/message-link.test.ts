import { describe, expect, it } from 'vitest';
import { linkedMessageId } from '../../../../src/renderer/views/messages/message-link.ts';

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
