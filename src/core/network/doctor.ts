/**
 * The connection doctor: for a server that cannot be reached, runs each step in order
 * (name, TCP, proxy, TLS, HTTP, /server_settings, credentials) and says which one fails, in
 * words. The report is plain text for a support ticket; it never holds the API key, the
 * Authorization header or the proxy's password.
 */
import type { ApiClient } from '../../api/client.ts';
import { createDispatcher, loadUndici, type ConnectionOptions } from '../../api/connection.ts';
import { ApiError } from '../../api/errors.ts';
import { getOwnUser } from '../../api/routes/users.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  DoctorStepName,
  type DoctorReport,
  type DoctorStep,
} from '../../contract/schemas/network.ts';
import { STEP_TITLES } from '../../lib/step-titles.ts';
import {
  checkDns,
  checkProxy,
  checkTcp,
  checkTls,
  endpointOf,
  STEP_TIMEOUT_MS,
} from './doctor-steps.ts';

export interface DoctorInput {
  /** The organization's address (`https://chat.example.com`, maybe with a sub-path). */
  serverUrl: string;
  connection: ConnectionOptions;
  /** Why this proxy (or none) applies, for the report. */
  proxyNote: string;
  /** A signed-in account, to check its key last; absent for an address typed at sign-in. */
  credentials?: { email: string; client: () => Promise<ApiClient> } | undefined;
  clock: Clock;
}

const skipped = (step: DoctorStep['step'], summary: string): DoctorStep => ({
  step,
  outcome: 'skipped',
  summary,
  details: [],
});

interface HttpAnswer {
  status: number;
  contentType: string;
  body: string;
}

async function checkHttp(input: DoctorInput): Promise<{ step: DoctorStep; answer?: HttpAnswer }> {
  const url = `${input.serverUrl.replace(/\/+$/, '')}/api/v1/server_settings`;
  const { request } = await loadUndici();
  const dispatcher = createDispatcher(input.connection);
  try {
    const response = await request(url, {
      dispatcher: await dispatcher.get(),
      headersTimeout: STEP_TIMEOUT_MS,
      bodyTimeout: STEP_TIMEOUT_MS,
      signal: AbortSignal.timeout(STEP_TIMEOUT_MS * 2),
    });
    const body = await response.body.text();
    const contentType = String(response.headers['content-type'] ?? '(none)');
    const answer = { status: response.statusCode, contentType, body };
    const details = [`GET ${url}`, `HTTP ${answer.status}, ${contentType}, ${body.length} bytes`];
    if (answer.status >= 200 && answer.status < 300) {
      return {
        step: {
          step: 'http',
          outcome: 'ok',
          summary: `The server answered (HTTP ${answer.status}).`,
          details,
        },
        answer,
      };
    }
    const summary =
      answer.status === 404
        ? 'The server answered "not found" (HTTP 404) at /api/v1/server_settings: this address is not the organization\'s, or it has a sub-path.'
        : answer.status >= 500
          ? `The server failed (HTTP ${answer.status}): it is up but broken; its administrators can see why in its logs.`
          : `The server answered HTTP ${answer.status} at /api/v1/server_settings.`;
    return { step: { step: 'http', outcome: 'failed', summary, details } };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return {
      step: {
        step: 'http',
        outcome: 'failed',
        summary: 'The server did not answer the request.',
        details: [
          `GET ${url}`,
          `request: ${typeof code === 'string' ? code : (err as Error).message}`,
        ],
      },
    };
  } finally {
    void dispatcher.close().catch(() => undefined);
  }
}

function checkSettings(answer: HttpAnswer): DoctorStep {
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return {
      step: 'settings',
      outcome: 'failed',
      summary: `The answer is not JSON (${answer.contentType}): this address is a web site, not a chat server.`,
      details: [`starts with: ${JSON.stringify(answer.body.slice(0, 80))}`],
    };
  }
  const settings = (typeof json === 'object' && json !== null ? json : {}) as Record<
    string,
    unknown
  >;
  if (settings['result'] !== 'success' || typeof settings['realm_name'] !== 'string') {
    return {
      step: 'settings',
      outcome: 'failed',
      summary: "The answer is JSON but not a chat server's settings.",
      details: [`keys: ${Object.keys(settings).slice(0, 12).join(', ') || '(none)'}`],
    };
  }
  // Spec section 9: an absent feature level means 0.
  const level =
    typeof settings['service_feature_level'] === 'number' ? settings['service_feature_level'] : 0;
  const version =
    typeof settings['service_version'] === 'string' ? settings['service_version'] : 'not given';
  return {
    step: 'settings',
    outcome: 'ok',
    summary: `This is ${settings['realm_name']}.`,
    details: [`server version ${version}, feature level ${level}`],
  };
}

async function checkCredentials(input: DoctorInput): Promise<DoctorStep> {
  const { credentials } = input;
  if (!credentials) return skipped('credentials', 'No account yet: sign in to check credentials.');
  const asked = `GET /api/v1/users/me as ${credentials.email}`;
  try {
    // The account's own client: the same key, proxy and trust its queue uses.
    const me = (await getOwnUser(await credentials.client())).data;
    const summary = `The server accepts this account's key: signed in as ${me.full_name}.`;
    return { step: 'credentials', outcome: 'ok', summary, details: [asked] };
  } catch (err) {
    const summary =
      err instanceof ApiError && err.code === 'INVALID_API_KEY'
        ? "The server does not accept this account's API key: sign in again."
        : err instanceof ApiError
          ? `The server refused this account: ${err.msg || err.code}.`
          : `Checking the credentials failed: ${(err as Error).message}`;
    const detail = err instanceof ApiError ? `${err.code} (HTTP ${err.status})` : undefined;
    return {
      step: 'credentials',
      outcome: 'failed',
      summary,
      details: detail ? [asked, detail] : [asked],
    };
  }
}

async function runSteps(input: DoctorInput): Promise<DoctorStep[]> {
  const url = new URL(input.serverUrl);
  const server = endpointOf(url);
  const proxy = input.connection.proxy;
  const first = proxy ? endpointOf(new URL(proxy.url)) : server;
  const role = proxy ? 'The proxy' : 'The server';
  const steps: DoctorStep[] = [];

  steps.push(await checkDns(first.host, proxy ? 'proxy' : 'server'));
  if (steps.at(-1)!.outcome === 'failed') return steps;
  const tcp = await checkTcp(first, role);
  steps.push(tcp.step);
  if (!tcp.socket) return steps;

  let socket = tcp.socket;
  if (proxy) {
    const tunnel = await checkProxy(socket, proxy, server);
    steps.push(tunnel.step);
    if (!tunnel.tunnel) return steps;
    socket = tunnel.tunnel;
  } else {
    steps.push(skipped('proxy', input.proxyNote));
  }

  if (url.protocol === 'https:') {
    steps.push(await checkTls(socket, server, input.connection.trust, input.clock.now()));
    if (steps.at(-1)!.outcome === 'failed') return steps;
  } else {
    socket.destroy();
    steps.push(skipped('tls', 'Plain http: there is no certificate to check.'));
  }

  const http = await checkHttp(input);
  steps.push(http.step);
  if (!http.answer) return steps;
  steps.push(checkSettings(http.answer));
  if (steps.at(-1)!.outcome === 'failed') return steps;
  steps.push(await checkCredentials(input));
  return steps;
}

/** Runs every step in order; those after the first failure are listed as not run. */
export async function runDoctor(input: DoctorInput): Promise<DoctorReport> {
  const at = input.clock.now();
  const ran = await runSteps(input);
  const steps = DoctorStepName.options.map(
    (name) => ran.find((s) => s.step === name) ?? skipped(name, 'Not run: an earlier step failed.'),
  );
  const report = { server: input.serverUrl, at, steps };
  return { ...report, text: reportText(report, input) };
}

/** The plain-text report; built only from the steps, which never hold a key or a password. */
export function reportText(
  report: Omit<DoctorReport, 'text'>,
  input: Pick<DoctorInput, 'proxyNote' | 'connection'>,
): string {
  const proxy = input.connection.proxy;
  const lines = [
    `Perch connection check for ${report.server}`,
    `Time: ${new Date(report.at).toISOString()}`,
    `Proxy: ${proxy ? new URL(proxy.url).host : 'none'} (${input.proxyNote})`,
    '',
  ];
  report.steps.forEach((step, i) => {
    const mark = step.outcome === 'ok' ? 'OK' : step.outcome === 'failed' ? 'FAILED' : 'not run';
    lines.push(`${i + 1}. ${STEP_TITLES[step.step]}: ${mark}. ${step.summary}`);
    for (const detail of step.details) lines.push(`     ${detail}`);
  });
  return lines.join('\n');
}
