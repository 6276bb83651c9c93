/**
 * Decoding helpers for the per-schema tests: bodies are hand-written in the shapes of the
 * widely deployed server (its OpenAPI documents in /work/shared/reference), and decoded the
 * way ApiClient decodes them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';
import { decodeResponse } from '../../../../src/api/decode.ts';
import { MalformedResponseError } from '../../../../src/api/errors.ts';

export const ok = { result: 'success', msg: '' };

/** The fields Perch sees for a success body, through the same decoder as every call. */
export function decode<T>(endpoint: string, schema: z.ZodType<T>, body: object): T {
  return decodeResponse(endpoint, 200, JSON.stringify({ ...ok, ...body }), schema).data;
}

/** The MalformedResponseError a body gets; fails the test if it decodes or fails otherwise. */
export function malformed(
  endpoint: string,
  schema: z.ZodType,
  body: object,
): MalformedResponseError {
  try {
    decode(endpoint, schema, body);
  } catch (error) {
    if (error instanceof MalformedResponseError) return error;
    throw error;
  }
  throw new Error(`${endpoint} decoded a body that lacks a required field`);
}

/** A body without one of its fields. */
export function without<T extends object>(value: T, key: keyof T): T {
  const copy = { ...value };
  delete copy[key];
  return copy;
}

export interface StubServer {
  url: string;
  /** The paths asked for, in order. */
  paths: string[];
  close(): Promise<void>;
}

/** An HTTP server answering each `/api/v1` path with a fixed success body. */
export async function stubServer(bodies: Record<string, object>): Promise<StubServer> {
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stub').pathname.replace(/^\/api\/v1/, '');
    paths.push(path);
    const body = bodies[path];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        body ? { ...ok, ...body } : { result: 'error', msg: 'Not found', code: 'BAD_REQUEST' },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
