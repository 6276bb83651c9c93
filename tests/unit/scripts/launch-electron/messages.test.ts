import { describe, expect, it } from 'vitest';
import {
  browserModeCommand,
  describeDownloadFailure,
  downloadFailedMessage,
  hasDisplay,
  noDisplayMessage,
  nodeTooOld,
} from '../../../../scripts/launch-electron/messages.ts';

/** What Electron's installer prints, with the stack trace it follows the error line with. */
const printed = (errorLine: string): string =>
  `${errorLine}\n    at node:internal/deps/undici/undici:14976:13\n    at async downloadArtifact (file:///x/index.js:154:12)\n`;

describe('describeDownloadFailure', () => {
  // Each error line is one the installer printed on a machine in that situation.
  it.each([
    [
      'TypeError: fetch failed (getaddrinfo ENOTFOUND github.com)',
      'the download server’s name could not be resolved (this machine looks offline)',
    ],
    [
      'TypeError: fetch failed (getaddrinfo EAI_AGAIN github.com)',
      'the download server’s name could not be resolved (this machine looks offline)',
    ],
    [
      'TypeError: fetch failed (connect ECONNREFUSED 127.0.0.1:45679)',
      'the connection to the download server was refused',
    ],
    [
      'TypeError: fetch failed (UND_ERR_CONNECT_TIMEOUT: Connect Timeout Error (attempted address: github.com:443, timeout: 10000ms))',
      'the connection to the download server timed out (no network, or a firewall)',
    ],
    [
      'TypeError: fetch failed (connect ENETUNREACH 140.82.121.4:443)',
      'there is no network route to the download server',
    ],
    [
      'TypeError: fetch failed (UND_ERR_ABORTED: Proxy response (407) !== 200 when HTTP Tunneling)',
      'a proxy asked for a user name and password (407 Proxy Authentication Required)',
    ],
    [
      'TypeError: fetch failed (UND_ERR_ABORTED: Proxy response (502) !== 200 when HTTP Tunneling)',
      'the proxy refused to connect to the download server (HTTP 502)',
    ],
    [
      'HTTPError: Response code 403 (Forbidden) for https://github.com/electron/electron/releases/download/v45.4.1/electron-v45.4.1-linux-x64.zip',
      'the download was refused (403 Forbidden), often by a proxy or firewall',
    ],
    [
      'HTTPError: Response code 404 (Not Found) for http://mirror.example/v45.4.1/electron-v45.4.1-linux-x64.zip',
      'the download server has no such Electron file (404); check ELECTRON_MIRROR',
    ],
    [
      'HTTPError: Response code 500 (Internal Server Error) for https://github.com/x.zip',
      'the download server answered HTTP 500',
    ],
    [
      'TypeError: fetch failed (UNABLE_TO_GET_ISSUER_CERT_LOCALLY: unable to get local issuer certificate)',
      'the download server’s certificate was not trusted (a proxy that inspects HTTPS? NODE_EXTRA_CA_CERTS names its certificate)',
    ],
    [
      'Error: Generated checksum for "electron-v45.4.1-linux-x64.zip" did not match expected checksum.',
      'the downloaded file’s checksum did not match (a corrupted or altered download)',
    ],
    [
      'TypeError: terminated (UND_ERR_SOCKET: other side closed)',
      'the connection was cut before the download finished',
    ],
    [
      "Error: ENOSPC: no space left on device, write '/root/.cache/electron/x.zip'",
      'the disk is full',
    ],
    [
      "Error: EACCES: permission denied, mkdir '/work/main/node_modules/electron/dist'",
      'Electron’s files could not be written here (permission denied)',
    ],
  ])('explains %s', (errorLine, reason) => {
    expect(describeDownloadFailure(printed(errorLine))).toEqual({
      reason,
      details: errorLine,
      understood: true,
    });
  });

  it('says it cannot tell why, with the last line printed, when no known reason appears', () => {
    expect(describeDownloadFailure('Downloading…\nsomething odd happened\n')).toEqual({
      reason: 'Electron’s installer failed',
      details: 'something odd happened',
      understood: false,
    });
  });

  it('names a download that outlived its time, whatever it printed', () => {
    expect(describeDownloadFailure('', 10)).toEqual({
      reason: 'the download did not finish within 10 minutes (a slow or stalled connection)',
      details: 'the installer printed nothing',
      understood: true,
    });
  });

  it('keeps a very long error line to a readable length', () => {
    const { details } = describeDownloadFailure(`Error: ${'x'.repeat(1000)}`);
    expect(details).toHaveLength(301);
    expect(details.endsWith('…')).toBe(true);
  });
});

describe('the launcher’s messages', () => {
  it('offers the browser-mode command that runs the same app', () => {
    expect(browserModeCommand(['--demo'])).toBe('npm run web -- --demo');
    expect(browserModeCommand(['--data-dir', '/tmp/x'])).toBe('npm run web');
  });

  it('finds no display on Linux only when neither X11 nor Wayland is set', () => {
    expect(hasDisplay('linux', {})).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: '' })).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: ':0' })).toBe(true);
    expect(hasDisplay('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
    expect(hasDisplay('darwin', {})).toBe(true);
    expect(hasDisplay('win32', {})).toBe(true);
  });

  it('says there is no display and how to run the app without one', () => {
    expect(noDisplayMessage('npm run web')).toBe(
      [
        'Perch cannot open its desktop window: there is no display on this machine',
        '(neither DISPLAY nor WAYLAND_DISPLAY is set, as on a server or over SSH).',
        'The same app runs in browser mode, which needs no display:',
        '  npm run web',
        'It prints a URL to open in a browser.',
      ].join('\n'),
    );
  });

  it('says what failed, why, the details and the browser-mode command', () => {
    const failure = describeDownloadFailure(
      printed('TypeError: fetch failed (getaddrinfo ENOTFOUND github.com)'),
    );
    expect(downloadFailedMessage(failure, 'npm run web -- --demo', '45.4.1', null)).toBe(
      [
        'The Perch desktop app cannot start: Electron’s binary (Electron 45.4.1) could not be downloaded.',
        'Why: the download server’s name could not be resolved (this machine looks offline).',
        'Details: TypeError: fetch failed (getaddrinfo ENOTFOUND github.com)',
        'The same app runs in browser mode, which needs no download:',
        '  npm run web -- --demo',
        'It prints a URL to open in a browser.',
        'The desktop app tries the download again the next time it starts.',
      ].join('\n'),
    );
  });

  it('names a Node.js older than Electron’s installer needs', () => {
    expect(nodeTooOld('>= 22.12.0', '20.20.2')).toEqual({
      required: '22.12.0',
      running: '20.20.2',
    });
    expect(nodeTooOld('>= 22.12.0', '22.11.9')).toEqual({
      required: '22.12.0',
      running: '22.11.9',
    });
    expect(nodeTooOld('>= 22.12.0', '22.12.0')).toBeNull();
    expect(nodeTooOld('>= 22.12.0', '24.1.0')).toBeNull();
    expect(nodeTooOld(undefined, '20.0.0')).toBeNull();
    const message = downloadFailedMessage(
      describeDownloadFailure('odd\n'),
      'npm run web',
      '45.4.1',
      { required: '22.12.0', running: '20.20.2' },
    );
    expect(message).toContain(
      '\nElectron’s installer needs Node.js 22.12.0 or newer; this is Node.js 20.20.2.\n',
    );
  });
});
