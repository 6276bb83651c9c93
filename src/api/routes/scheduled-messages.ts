/**
 * Scheduled messages (upstream's `/scheduled_messages`: listing and deleting from feature
 * level 173, creating at 179, editing at 184; docs/api-notes.md).
 */
import { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { emptyResponse } from '../schemas/common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const ScheduledMessageSchema = lazySchema(() =>
  z.looseObject({
    scheduled_message_id: z.number().int(),
    type: z.enum(['stream', 'private']),
    to: z.union([z.number().int(), z.array(z.number().int())]),
    topic: z.string().optional(),
    content: z.string(),
    rendered_content: z.string(),
    scheduled_delivery_timestamp: z.number(),
    failed: z.boolean().default(false),
  }),
);
export type ScheduledMessage = z.infer<typeof ScheduledMessageSchema>;

const listResponse = lazySchema(() =>
  z.looseObject({ scheduled_messages: z.array(ScheduledMessageSchema) }),
);
const createdResponse = lazySchema(() => z.looseObject({ scheduled_message_id: z.number().int() }));

/** A channel message names its channel by id and a topic; a direct one its people by id. */
export type ScheduledTarget =
  { type: 'stream'; to: number; topic: string } | { type: 'direct'; to: readonly number[] };

export function getScheduledMessages(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof listResponse>>> {
  return client.callSince('Scheduled messages', 173, {
    method: 'GET',
    path: '/scheduled_messages',
    endpoint: 'GET /scheduled_messages',
    schema: listResponse,
    signal,
  });
}

/** `scheduled_delivery_timestamp` in UNIX seconds, in the future. */
export function createScheduledMessage(
  client: ApiClient,
  params: ScheduledTarget & { content: string; scheduled_delivery_timestamp: number },
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof createdResponse>>> {
  return client.callSince('Scheduling messages', 179, {
    method: 'POST',
    path: '/scheduled_messages',
    endpoint: 'POST /scheduled_messages',
    schema: createdResponse,
    params: { ...params },
    signal,
  });
}

/** Only what is given changes; changing `type` needs `to` (and `topic` for a channel). */
export function updateScheduledMessage(
  client: ApiClient,
  id: number,
  params: Partial<ScheduledTarget> & {
    topic?: string;
    content?: string;
    scheduled_delivery_timestamp?: number;
  },
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.callSince('Editing scheduled messages', 184, {
    method: 'PATCH',
    path: `/scheduled_messages/${pathSegment(id)}`,
    endpoint: 'PATCH /scheduled_messages/{scheduled_message_id}',
    schema: emptyResponse,
    params: { ...params },
    signal,
  });
}

export function deleteScheduledMessage(
  client: ApiClient,
  id: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.callSince('Scheduled messages', 173, {
    method: 'DELETE',
    path: `/scheduled_messages/${pathSegment(id)}`,
    endpoint: 'DELETE /scheduled_messages/{scheduled_message_id}',
    schema: emptyResponse,
    signal,
  });
}
