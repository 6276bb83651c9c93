/**
 * A Svelte action for rendered message HTML: each uploaded image (held by messageHtml with
 * its path in `data-upload-path`) gets a short-lived link from the Core, which alone holds
 * the credentials. The link is on the message's own server, so the same-origin rule stands.
 */
import { invoke } from '../../../bridge.ts';

export interface UploadImagesParams {
  accountId: string | undefined;
  /** The rendered HTML: a change means new <img> elements to resolve. */
  html: string;
}

function resolve(node: HTMLElement, accountId: string | undefined): void {
  if (!accountId) return;
  for (const img of node.querySelectorAll<HTMLImageElement>('img[data-upload-path]')) {
    const path = img.dataset.uploadPath;
    if (!path || img.getAttribute('src')) continue;
    invoke('uploads.imageUrl', { accountId, path }).then(
      ({ url }) => {
        if (new URL(url).pathname.startsWith('/user_uploads/temporary/')) img.src = url;
      },
      () => img.setAttribute('alt', `${img.alt || 'Image'} (could not be loaded)`),
    );
  }
}

export function uploadImages(node: HTMLElement, params: UploadImagesParams) {
  resolve(node, params.accountId);
  return {
    update(next: UploadImagesParams) {
      // {@html} has replaced the elements by the time the action updates.
      queueMicrotask(() => resolve(node, next.accountId));
    },
  };
}
