/** Signs an HS256 JSON web token: the demo prints one per user for trying the JWT sign-in. */
import { createHmac } from 'node:crypto';

export function signHs256(payload: Record<string, unknown>, key: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}
