/**
 * File uploads: chunks from the renderer, the account's limit (limits.ts), the POST with
 * its byte progress pushed as `uploads.progress`, and images' short-lived addresses.
 */
import { getTemporaryUrl, uploadFile } from '../../api/routes/uploads.ts';
import type { Args, Result } from '../../contract/contract.ts';
import type { AccountManager } from '../accounts/manager.ts';
import type { PushBus } from '../push-bus.ts';
import type { UploadLimits } from './limits.ts';
import { CHUNK_BYTES, refuseTooLarge, type PendingUploads } from './pending.ts';

export interface UploadsDeps {
  accounts: Pick<AccountManager, 'clientFor'>;
  bus: PushBus;
  limits: Pick<UploadLimits, 'of'>;
  /** Shared with the custom emoji, whose images arrive the same way. */
  pending: PendingUploads;
}

export class UploadsService {
  readonly #deps: UploadsDeps;

  constructor(deps: UploadsDeps) {
    this.#deps = deps;
  }

  async #client(accountId: string) {
    return (await this.#deps.accounts.clientFor(accountId)).client;
  }

  /** Refused before any byte is handed over when larger than the account's limit. */
  async begin({
    accountId,
    name,
    type,
    size,
  }: Args<'uploads.begin'>): Promise<Result<'uploads.begin'>> {
    const limit = await this.#deps.limits.of(accountId);
    if (limit !== undefined) refuseTooLarge(name, size, limit);
    return {
      uploadId: this.#deps.pending.begin(accountId, name, type, size),
      chunkBytes: CHUNK_BYTES,
    };
  }

  chunk({ uploadId, offset, data }: Args<'uploads.chunk'>): Result<'uploads.chunk'> {
    return { received: this.#deps.pending.chunk(uploadId, offset, Buffer.from(data, 'base64')) };
  }

  async finish(uploadId: string): Promise<Result<'uploads.finish'>> {
    const { pending, bus } = this.#deps;
    const { upload, bytes } = pending.complete(uploadId);
    try {
      const client = await this.#client(upload.accountId);
      let shown = -1;
      const { data } = await uploadFile(
        client,
        { name: upload.name, type: upload.type, bytes },
        upload.abort.signal,
        (sent, total) => {
          // One push per percent at most: a large file is hundreds of pieces.
          const percent = Math.floor((100 * sent) / Math.max(1, total));
          if (percent === shown) return;
          shown = percent;
          bus.publish('uploads.progress', { uploadId, sent, total });
        },
      );
      return data;
    } finally {
      pending.done(uploadId);
    }
  }

  cancel(uploadId: string): void {
    this.#deps.pending.cancel(uploadId);
  }

  /** A short-lived address of an uploaded image, absolute on the account's server. */
  async imageUrl(accountId: string, path: string): Promise<Result<'uploads.imageUrl'>> {
    const client = await this.#client(accountId);
    const { data } = await getTemporaryUrl(client, path);
    return { url: new URL(data.url, `${client.realmUrl}/`).href };
  }
}
