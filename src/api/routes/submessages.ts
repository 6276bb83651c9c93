/** Widgets' submessages (upstream's `POST /submessage`: polls and to-do lists). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { emptyResponse } from '../schemas/common.ts';

/** POST /submessage: `content` is the widget event's JSON, `msg_type` is `widget`. */
export function sendSubmessage(
  client: ApiClient,
  messageId: number,
  content: string,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'POST',
    path: '/submessage',
    endpoint: 'POST /submessage',
    schema: emptyResponse,
    params: { message_id: messageId, msg_type: 'widget', content },
    signal,
  });
}
