/** Message reminders (upstream's `/reminders`, feature level 381 and later). */
import { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { emptyResponse } from '../schemas/common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

const createdResponse = lazySchema(() => z.looseObject({ reminder_id: z.number().int() }));

/** POST /reminders: `at` in UNIX seconds; the note needs feature level 415. */
export function createReminder(
  client: ApiClient,
  params: { message_id: number; scheduled_delivery_timestamp: number; note?: string },
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof createdResponse>>> {
  return client.callSince('Message reminders', 381, {
    method: 'POST',
    path: '/reminders',
    endpoint: 'POST /reminders',
    schema: createdResponse,
    params: { ...params },
    signal,
  });
}

/** DELETE /reminders/{reminder_id}. */
export function deleteReminder(
  client: ApiClient,
  reminderId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.callSince('Deleting reminders', 399, {
    method: 'DELETE',
    path: `/reminders/${pathSegment(reminderId)}`,
    endpoint: 'DELETE /reminders/{reminder_id}',
    schema: emptyResponse,
    signal,
  });
}
