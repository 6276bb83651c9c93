/**
 * Decoding helpers for the per-schema tests: bodies are hand-written in the shapes of the
 * widely deployed server (its upstream API documentation, the OpenAPI document), and decoded
 * the way ApiClient decodes them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import type { z } from 'zod';
import { ApiClient } from '../../../../src/api/client.ts';
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

export interface StubRequest {
  method: string;
  path: string;
  /** The query string of a GET, the form body of any other method. */
  params: URLSearchParams;
}

/** A success body, or one built from the request (a body with `result: "error"` is a 400). */
export type StubAnswer = object | ((request: StubRequest) => object);

export interface StubServer {
  url: string;
  /** The paths asked for, in order. */
  paths: string[];
  /** The requests, in order, with their parameters as they came over the wire. */
  requests: StubRequest[];
  close(): Promise<void>;
}

/** An HTTP server answering each `/api/v1` path with a fixed or request-built body. */
export async function stubServer(answers: Record<string, StubAnswer>): Promise<StubServer> {
  const paths: string[] = [];
  const requests: StubRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const method = req.method ?? 'GET';
      const params =
        method === 'GET' ? url.searchParams : new URLSearchParams(Buffer.concat(chunks).toString());
      const request = { method, path, params };
      paths.push(path);
      requests.push(request);
      const answer = answers[path];
      const body = typeof answer === 'function' ? answer(request) : answer;
      const failed = !body || (body as { result?: unknown }).result === 'error';
      res.writeHead(failed ? (body ? 400 : 404) : 200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          body ? { ...ok, ...body } : { result: 'error', msg: 'Not found', code: 'BAD_REQUEST' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface StubbedClient {
  server: StubServer;
  /** Already knows the server's feature level, so it asks nothing before the call. */
  client: ApiClient;
}

/** A starter of stub servers with their clients; all are closed after each test. */
export function useStubClient(): (
  answers: Record<string, StubAnswer>,
  featureLevel: number,
) => Promise<StubbedClient> {
  const open: StubbedClient[] = [];
  afterEach(async () => {
    for (const { client, server } of open.splice(0)) {
      await client.close();
      await server.close();
    }
  });
  return async (answers, featureLevel) => {
    const server = await stubServer(answers);
    const client = new ApiClient({
      realmUrl: server.url,
      email: 'a@perch.test',
      apiKey: 'k',
      featureLevel,
    });
    open.push({ server, client });
    return { server, client };
  };
}
