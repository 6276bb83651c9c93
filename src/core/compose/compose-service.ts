/** Compose: the directory of people and channels, a channel's topics, the preview. */
import { getStreamTopics, renderMessage } from '../../api/routes/compose.ts';
import type { Result } from '../../contract/contract.ts';
import type { AccountManager } from '../accounts/manager.ts';
import { registerSnapshot } from '../sync/snapshot.ts';
import { buildDirectory } from './directory.ts';

const DIRECTORY_TYPES = [
  'realm_user',
  'user_group',
  'user_settings',
  'realm',
  'stream',
  'subscription',
];

export class ComposeService {
  constructor(private readonly accounts: Pick<AccountManager, 'clientFor'>) {}

  async #client(accountId: string) {
    return (await this.accounts.clientFor(accountId)).client;
  }

  /** One short-lived queue answers for users, groups, channels and settings at once. */
  async directory(accountId: string): Promise<Result<'compose.directory'>> {
    return buildDirectory(await registerSnapshot(await this.#client(accountId), DIRECTORY_TYPES));
  }

  /** The channel's topics, the most recently active first. */
  async topics(accountId: string, streamId: number): Promise<string[]> {
    const { data } = await getStreamTopics(await this.#client(accountId), streamId);
    return [...data.topics].sort((a, b) => b.max_id - a.max_id).map((t) => t.name);
  }

  async render(accountId: string, content: string): Promise<{ html: string }> {
    const { data } = await renderMessage(await this.#client(accountId), content);
    return { html: data.rendered };
  }
}
