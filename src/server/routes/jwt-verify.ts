/** Verifies an HS256 JSON web token and returns its payload; every failure is a BAD_REQUEST. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../http/errors.ts';

export function verifyHs256(
  token: string,
  key: string,
  nowSeconds: number,
): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw badRequest('Bad JSON web token');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  if (header.alg !== 'HS256') throw badRequest('Bad JSON web token signing algorithm');
  const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw badRequest('Bad JSON web token signature');
  const payload = decodeJson(payloadPart);
  if (payload.exp !== undefined) {
    if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds)
      throw badRequest('The JSON web token has expired');
  }
  return payload;
}

function decodeJson(part: string): Record<string, unknown> {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) throw badRequest('Bad JSON web token');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('Bad JSON web token');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest('Bad JSON web token');
  return value as Record<string, unknown>;
}
