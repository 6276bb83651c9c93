/**
 * Compose's requests to the Core without a DOM: what the topic suggestions, the preview, the
 * tools and the send show the user, against a recording Core.
 */
import { describe, expect, test, vi } from 'vitest';
import { ComposeModel } from '../../../../../src/renderer/views/messages/compose/compose-model.svelte.ts';
import { RecordingPort } from '../../support/recording-port.ts';

const shows = (check: () => void) => vi.waitFor(check, { timeout: 5000 });

describe('topic suggestions', () => {
  test("a channel's topics come once loaded, asked for only once", async () => {
    const core = new RecordingPort().answer('compose.topics', ['deploy', 'lunch']);
    const model = new ComposeModel(core, 'acct');
    expect(model.topicsOf(1)).toBeUndefined();
    await shows(() => expect(model.topicsLoaded).toBe(1));
    expect(model.topicsOf(1)).toEqual(['deploy', 'lunch']);
    expect(core.callsTo('compose.topics')).toEqual([{ accountId: 'acct', streamId: 1 }]);
  });

  test('a refused list leaves no suggestions and the topic typed by hand', async () => {
    const core = new RecordingPort().refuse('compose.topics', 'Channel does not exist');
    const model = new ComposeModel(core, 'acct');
    model.topicsOf(2);
    await shows(() => expect(core.callsTo('compose.topics')).toHaveLength(1));
    await Promise.resolve();
    expect(model.topicsOf(2)).toBeUndefined();
    expect(model.topicsLoaded).toBe(0);
    expect(core.callsTo('compose.topics')).toHaveLength(1);
  });
});

describe('preview', () => {
  test("shows the server's rendering of the draft", async () => {
    const core = new RecordingPort().answer('compose.render', ({ content }) => ({
      html: `<p><strong>${String(content).slice(2, -2)}</strong></p>`,
    }));
    const model = new ComposeModel(core, 'acct');
    expect(await model.preview('**hi**')).toEqual({ html: '<p><strong>hi</strong></p>' });
  });

  test("a refused rendering says why, in the server's words", async () => {
    const core = new RecordingPort().refuse('compose.render', 'Message too long');
    const model = new ComposeModel(core, 'acct');
    expect(await model.preview('x')).toEqual({
      error: 'The preview could not be made: Message too long',
    });
  });
});

describe('tools and send', () => {
  test("a video call puts the call's link into compose", async () => {
    const core = new RecordingPort().answer('messages.videoCall', {
      url: 'https://meet.example.com/abc',
    });
    const model = new ComposeModel(core, 'acct');
    expect(await model.videoCallLink()).toBe('[Join video call](https://meet.example.com/abc)');
  });

  test('the saved snippets are listed; a refusal reaches the tools', async () => {
    const snippet = { id: 1, title: 'Hello', content: 'Hello there' };
    const core = new RecordingPort().answer('messages.snippets', [snippet]);
    const model = new ComposeModel(core, 'acct');
    expect(await model.snippets()).toEqual([snippet]);
    core.refuse('messages.snippets', 'Not allowed');
    await expect(model.snippets()).rejects.toThrow('Not allowed');
  });

  test("a send gives the outbox's id and names where it went", async () => {
    const core = new RecordingPort().answer('outbox.send', { localId: 'local-1' });
    const model = new ComposeModel(core, 'acct');
    const to = { type: 'stream' as const, streamId: 1, topic: 'deploy' };
    const localId = await model.send({
      to,
      content: 'hi',
      where: '#general > deploy',
      draftKey: 'k',
    });
    expect(localId).toBe('local-1');
    expect(core.callsTo('outbox.send')).toEqual([
      { accountId: 'acct', to, content: 'hi', where: '#general > deploy', draftKey: 'k' },
    ]);
  });
});
