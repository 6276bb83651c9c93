/**
 * The full-size image's URL for the viewer: an upload gets a short-lived link from the Core
 * (which alone holds the credentials), any other image of the server loads as it is; an
 * image of another origin is never loaded (message-html.ts).
 */
import { invoke } from '../../../bridge.ts';
import { isSameOrigin, onServer } from '../../../lib/message-html.ts';
import type { ListedImage } from './image-list.ts';

export async function fullSizeUrl(
  image: ListedImage,
  serverUrl: string,
  accountId: string | undefined,
): Promise<string> {
  const url = onServer(image.href, serverUrl);
  if (!url || !isSameOrigin(url, serverUrl))
    throw new Error('it is not on this organization’s server.');
  const path = new URL(url).pathname;
  if (!path.startsWith('/user_uploads/') || path.startsWith('/user_uploads/temporary/')) return url;
  if (!accountId) throw new Error('no organization is open.');
  return (await invoke('uploads.imageUrl', { accountId, path })).url;
}
