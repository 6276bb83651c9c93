import { createHmac } from 'node:crypto';

/** An HS256 JSON web token, as an identity provider would hand one to a user. */
export function signJwt(payload: Record<string, unknown>, key: string): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
}
