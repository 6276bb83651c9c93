/**
 * What compose asks of the Core for one account: a channel's topics for completion, the
 * preview (POST /messages/render), saved snippets, a video call link, and the send itself,
 * which the Core's outbox takes. Made by MessagesScreen and handed to Compose and its tools,
 * so none of them talks to the bridge; tests drive it with a recording Core.
 */
import type { SendTo } from '../../../../contract/schemas/messages.ts';
import { errorText } from '../../../lib/errors.ts';
import type { RpcPort } from '../../../lib/rpc-port.ts';

export type SavedSnippet = { id: number; title: string; content: string };

export class ComposeModel {
  readonly #rpc: RpcPort;
  readonly accountId: string;
  /** Topics by channel id, loaded on first need. */
  // Plain collections on purpose: `topicsLoaded` is what tells the suggestions to look again.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #topics = new Map<number, readonly string[]>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #asked = new Set<number>();
  /** Counts the channels whose topics arrived: the suggestions look again when it moves. */
  topicsLoaded = $state(0);

  constructor(rpc: RpcPort, accountId: string) {
    this.#rpc = rpc;
    this.accountId = accountId;
  }

  /** A channel's topics; undefined until loaded (asked for once, on the first call). */
  topicsOf(streamId: number): readonly string[] | undefined {
    const known = this.#topics.get(streamId);
    if (known || this.#asked.has(streamId)) return known;
    this.#asked.add(streamId);
    this.#rpc.invoke('compose.topics', { accountId: this.accountId, streamId }).then(
      (list) => {
        this.#topics.set(streamId, list);
        this.topicsLoaded++;
      },
      // No completion for this channel; the topic can still be typed.
      () => undefined,
    );
    return undefined;
  }

  /** Hands the text to the outbox; its local id once the Core holds it. */
  async send(message: {
    to: SendTo;
    content: string;
    where: string;
    draftKey: string;
  }): Promise<string> {
    const { localId } = await this.#rpc.invoke('outbox.send', {
      accountId: this.accountId,
      ...message,
    });
    return localId;
  }

  /** The server's HTML for the text (not yet sanitized), or the sentence saying why not. */
  async preview(content: string): Promise<{ html: string } | { error: string }> {
    try {
      const { html } = await this.#rpc.invoke('compose.render', {
        accountId: this.accountId,
        content,
      });
      return { html };
    } catch (err) {
      return { error: `The preview could not be made: ${errorText(err)}` };
    }
  }

  snippets(): Promise<SavedSnippet[]> {
    return this.#rpc.invoke('messages.snippets', { accountId: this.accountId });
  }

  /** A new call's link, as the text compose inserts. */
  async videoCallLink(): Promise<string> {
    const { url } = await this.#rpc.invoke('messages.videoCall', { accountId: this.accountId });
    return `[Join video call](${url})`;
  }
}
