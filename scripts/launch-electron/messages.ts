/**
 * What the Electron launcher tells a user when the desktop app cannot start: each message
 * says what failed, why in plain words, and the browser-mode command that runs the same app.
 */

/** The browser-mode command that runs what `npm start` / `npm run demo` would have. */
export function browserModeCommand(args: readonly string[]): string {
  return args.includes('--demo') ? 'npm run web -- --demo' : 'npm run web';
}

/** Whether a window can be opened: on Linux that needs an X11 or Wayland display. */
export function hasDisplay(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean {
  return platform !== 'linux' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

const browserModeHint = (command: string, needs: string): string[] => [
  `The same app runs in browser mode, which needs ${needs}:`,
  `  ${command}`,
  'It prints a URL to open in a browser.',
];

export function noDisplayMessage(command: string): string {
  return [
    'Perch cannot open its desktop window: there is no display on this machine',
    '(neither DISPLAY nor WAYLAND_DISPLAY is set, as on a server or over SSH).',
    ...browserModeHint(command, 'no display'),
  ].join('\n');
}

export interface DownloadFailure {
  /** Why, in words a user understands. */
  reason: string;
  /** The installer's own error line, for the details line. */
  details: string;
  /** False when nothing in the output says why, so other causes are worth naming. */
  understood: boolean;
}

/** Patterns over the installer's error output, most specific first. */
const REASONS: [RegExp, (match: RegExpExecArray) => string][] = [
  [
    /ENOTFOUND|EAI_AGAIN|getaddrinfo/,
    () => 'the download server’s name could not be resolved (this machine looks offline)',
  ],
  [/ENETUNREACH|EHOSTUNREACH/, () => 'there is no network route to the download server'],
  [/ECONNREFUSED/, () => 'the connection to the download server was refused'],
  [
    /ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|Connect Timeout/i,
    () => 'the connection to the download server timed out (no network, or a firewall)',
  ],
  [
    /Proxy response \(407\)|Response code 407/,
    () => 'a proxy asked for a user name and password (407 Proxy Authentication Required)',
  ],
  [
    /Proxy response \((\d+)\)/,
    (m) => `the proxy refused to connect to the download server (HTTP ${m[1]})`,
  ],
  [
    /Response code 403/,
    () => 'the download was refused (403 Forbidden), often by a proxy or firewall',
  ],
  [
    /Response code 404/,
    () => 'the download server has no such Electron file (404); check ELECTRON_MIRROR',
  ],
  [/Response code (\d+)/, (m) => `the download server answered HTTP ${m[1]}`],
  [
    /CERT_|certificate|SELF_SIGNED/i,
    () =>
      'the download server’s certificate was not trusted (a proxy that inspects HTTPS? ' +
      'NODE_EXTRA_CA_CERTS names its certificate)',
  ],
  [
    /did not match expected checksum/,
    () => 'the downloaded file’s checksum did not match (a corrupted or altered download)',
  ],
  [
    /ECONNRESET|socket hang up|other side closed|UND_ERR_SOCKET|terminated/,
    () => 'the connection was cut before the download finished',
  ],
  [/ENOSPC/, () => 'the disk is full'],
  [/EACCES|EPERM/, () => 'Electron’s files could not be written here (permission denied)'],
  [/not available on platform/, () => 'Electron has no build for this platform'],
];

/** The first line that names an error ("TypeError: fetch failed (…)"), else the last line. */
function errorLine(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const line =
    lines.find((l) => /^[\w.]*(Error|Exception)\b/.test(l)) ?? lines.at(-1) ?? 'no output';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** Reads why Electron's installer failed from what it printed. */
export function describeDownloadFailure(
  output: string,
  timedOutAfterMinutes?: number,
): DownloadFailure {
  if (timedOutAfterMinutes !== undefined) {
    return {
      reason: `the download did not finish within ${timedOutAfterMinutes} minutes (a slow or stalled connection)`,
      details: output.trim() ? errorLine(output) : 'the installer printed nothing',
      understood: true,
    };
  }
  const details = errorLine(output);
  for (const [pattern, reason] of REASONS) {
    const match = pattern.exec(output);
    if (match) return { reason: reason(match), details, understood: true };
  }
  return { reason: 'Electron’s installer failed', details, understood: false };
}

export interface NodeTooOld {
  required: string;
  running: string;
}

/** The Node.js version an engines range such as ">= 22.12.0" asks for, when `running` is older. */
export function nodeTooOld(engines: string | undefined, running: string): NodeTooOld | null {
  const required = /(\d+)\.(\d+)\.(\d+)/.exec(engines ?? '');
  if (!required) return null;
  const have = running.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const need = Number(required[i + 1]);
    const got = have[i] ?? 0;
    if (got !== need) return got < need ? { required: required.slice(1).join('.'), running } : null;
  }
  return null;
}

export function downloadFailedMessage(
  failure: DownloadFailure,
  command: string,
  version: string,
  oldNode: NodeTooOld | null,
): string {
  return [
    `The Perch desktop app cannot start: Electron’s binary (Electron ${version}) could not be downloaded.`,
    `Why: ${failure.reason}.`,
    `Details: ${failure.details}`,
    ...(oldNode
      ? [
          `Electron’s installer needs Node.js ${oldNode.required} or newer; this is Node.js ${oldNode.running}.`,
        ]
      : []),
    ...browserModeHint(command, 'no download'),
    'The desktop app tries the download again the next time it starts.',
  ].join('\n');
}
