/**
 * The POST /register answer as AccountState reads it. The API schema leaves every state
 * section optional (each depends on what was fetched); Perch always fetches these, so a
 * missing one means a server Perch cannot follow, reported once instead of failing later.
 */
import type { RegisterResponse as ApiRegisterResponse } from '../../api/schemas/register.ts';
import type { RegisterResponse } from './state-types.ts';

const REQUIRED = ['user_id', 'user_settings', 'subscriptions', 'unread_msgs', 'user_topics'];

export function toAccountRegister(data: ApiRegisterResponse): RegisterResponse {
  const missing = REQUIRED.filter((key) => data[key] === undefined);
  if (missing.length > 0) {
    throw new Error(`POST /register: the server left out ${missing.join(', ')}`);
  }
  return data as unknown as RegisterResponse;
}
