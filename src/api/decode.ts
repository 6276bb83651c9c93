/**
 * Turns one HTTP answer into a typed result or a typed error. Pure (no I/O), so the
 * property tests can feed it any bytes and expect only errors of the family in errors.ts.
 */
import type { z } from 'zod';
import { compile } from './conforms.ts';
import {
  MalformedResponseError,
  ServerError,
  apiErrorFor,
  type ApiError,
  type ErrorBody,
} from './errors.ts';

/** A successful call: the validated fields plus the parameters the server ignored. */
export interface ApiResult<T> {
  data: T;
  /** `ignored_parameters_unsupported`: request parameters this server does not know. */
  ignoredParameters: string[];
}

/** Lets a route present an older server's error as today's (spec section 9). */
export type ErrorAdapter = (error: ApiError) => ApiError;

function firstIssue(error: z.ZodError): { path: string; problem: string } {
  const issue = error.issues[0];
  if (!issue) return { path: '', problem: 'invalid' };
  return { path: issue.path.map(String).join('.'), problem: issue.message };
}

function ignoredParameters(body: Record<string, unknown>): string[] {
  const list = body['ignored_parameters_unsupported'];
  return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
}

function parseJson(endpoint: string, status: number, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServerError(endpoint, status, 'the body is not JSON');
  }
}

export function decodeResponse<T>(
  endpoint: string,
  status: number,
  text: string,
  schema: z.ZodType<T>,
  adaptError?: ErrorAdapter,
): ApiResult<T> {
  const body = parseJson(endpoint, status, text);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    if (status >= 400) throw new ServerError(endpoint, status, 'no error envelope');
    throw new MalformedResponseError(endpoint, '', 'expected an object');
  }
  const envelope = body as Record<string, unknown>;
  if (envelope['result'] === 'error') {
    const error = apiErrorFor(endpoint, status, envelope as ErrorBody);
    throw adaptError ? adaptError(error) : error;
  }
  if (status >= 300) throw new ServerError(endpoint, status, 'no error envelope');
  if (envelope['result'] !== 'success') {
    throw new MalformedResponseError(endpoint, 'result', 'expected "success" or "error"');
  }
  if (compile(schema)?.(envelope)) {
    // A plain schema accepts the body as it is: zod's copy would be identical (conforms.ts).
    return { data: envelope as T, ignoredParameters: ignoredParameters(envelope) };
  }
  const parsed = schema.safeParse(envelope);
  if (!parsed.success) {
    const { path, problem } = firstIssue(parsed.error);
    throw new MalformedResponseError(endpoint, path, problem);
  }
  return { data: parsed.data, ignoredParameters: ignoredParameters(envelope) };
}
