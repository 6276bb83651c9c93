/**
 * A test's own call to a reference server as one of its users (another person acting, or a
 * check of what the server holds), with the form encoding the API takes.
 */
import { expect } from '@playwright/test';

export interface ApiUser {
  email: string;
  api_key: string;
}

/** Calls `/api/v1{path}` and expects success; non-string values are sent as JSON. */
export async function serverApi(
  serverUrl: string,
  as: ApiUser,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    body.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const query = method === 'GET' ? `?${body}` : '';
  const res = await fetch(`${serverUrl}/api/v1${path}${query}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${as.email}:${as.api_key}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: method === 'GET' ? undefined : body.toString(),
  });
  const json = (await res.json()) as Record<string, unknown>;
  expect(json.result, JSON.stringify(json)).toBe('success');
  return json;
}
