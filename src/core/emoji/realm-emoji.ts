/**
 * The organization's custom emoji for the picker and reactions: listed, added from an
 * image handed over in chunks (uploads/pending.ts), and deactivated.
 */
import {
  deactivateRealmEmoji,
  getRealmEmoji,
  uploadRealmEmoji,
} from '../../api/routes/realm-emoji.ts';
import type { Result } from '../../contract/contract.ts';
import type { AccountManager } from '../accounts/manager.ts';
import type { PendingUploads } from '../uploads/pending.ts';

export class RealmEmoji {
  constructor(
    private readonly accounts: Pick<AccountManager, 'clientFor'>,
    /** The images handed over by uploads.begin / uploads.chunk. */
    private readonly pending: PendingUploads,
  ) {}

  async list(accountId: string): Promise<Result<'emoji.realm'>> {
    const { client } = await this.accounts.clientFor(accountId);
    const { data } = await getRealmEmoji(client);
    return Object.values(data.emoji).map((e) => ({
      id: e.id,
      name: e.name,
      source_url: e.source_url,
      deactivated: e.deactivated,
      author_id: e.author_id ?? null,
    }));
  }

  /** Uploads the handed-over image `uploadId` as the emoji `name`. */
  async add(uploadId: string, name: string): Promise<Result<'emoji.add'>> {
    const { upload, bytes } = this.pending.complete(uploadId);
    try {
      const { client } = await this.accounts.clientFor(upload.accountId);
      await uploadRealmEmoji(
        client,
        name,
        { name: upload.name, type: upload.type, bytes },
        upload.abort.signal,
      );
      return {};
    } finally {
      this.pending.done(uploadId);
    }
  }

  async remove(accountId: string, name: string): Promise<Result<'emoji.remove'>> {
    const { client } = await this.accounts.clientFor(accountId);
    await deactivateRealmEmoji(client, name);
    return {};
  }
}
