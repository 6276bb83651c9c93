import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  decideNavigation,
  externalUrl,
  isAppPage,
  isPermissionAllowed,
  withContentSecurityPolicy,
} from '../../../electron/policy.ts';

describe('links leaving the app', () => {
  it('hands http and https links to the OS browser', () => {
    expect(externalUrl('https://chat.example.com/#narrow/stream/1')).toBe(
      'https://chat.example.com/#narrow/stream/1',
    );
    expect(externalUrl('HTTP://Example.COM/a b')).toBe('http://example.com/a%20b');
  });

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'smb://host/share',
    'vbscript:msgbox',
    'not a url',
    '',
  ])('never opens %j outside', (url) => {
    expect(externalUrl(url)).toBeNull();
  });

  it('never lets the window itself navigate, even to a web link', () => {
    expect(decideNavigation('https://example.com/')).toEqual({
      allow: false,
      openExternally: 'https://example.com/',
    });
    expect(decideNavigation('file:///tmp/evil.html')).toEqual({
      allow: false,
      openExternally: null,
    });
  });
});

describe('who may call the Core over IPC', () => {
  const app = 'file:///opt/Perch/resources/app.asar/dist/renderer/index.html';

  it('accepts the app page whatever its hash or query', () => {
    expect(isAppPage(app, app)).toBe(true);
    expect(isAppPage(`${app}#/admin/users`, app)).toBe(true);
    expect(isAppPage(`${app}?view=messages`, app)).toBe(true);
  });

  it('recognizes the app page however its path is escaped', () => {
    const fromNode = 'file:///home/j%C3%B6rg/Perch%20~1/dist/renderer/index.html';
    const fromChromium = 'file:///home/jörg/Perch%20%7E1/dist/renderer/index.html';
    expect(isAppPage(fromChromium, fromNode)).toBe(true);
  });

  it('refuses a path that cannot be decoded', () => {
    expect(
      isAppPage('file:///opt/Perch/%E0%A4%A/index.html', 'file:///opt/Perch/%E0%A4%A/index.html'),
    ).toBe(false);
  });

  it.each([
    ['another local file', 'file:///opt/Perch/resources/app.asar/dist/renderer/other.html'],
    ['a file elsewhere', 'file:///tmp/index.html'],
    ['a web page', 'https://evil.example/dist/renderer/index.html'],
    ['a page on the loopback', 'http://127.0.0.1:5173/index.html'],
    ['a destroyed frame', undefined],
    ['garbage', 'not a url'],
  ])('refuses %s', (_what, url) => {
    expect(isAppPage(url, app)).toBe(false);
  });
});

describe('web permissions', () => {
  it('grants notifications only', () => {
    expect(isPermissionAllowed('notifications')).toBe(true);
    for (const p of [
      'media',
      'geolocation',
      'openExternal',
      'clipboard-read',
      'fullscreen',
      'midi',
    ]) {
      expect(isPermissionAllowed(p)).toBe(false);
    }
  });
});

describe('the policy header', () => {
  it('replaces a policy a response brought, whatever its case, and keeps other headers', () => {
    const out = withContentSecurityPolicy({
      'content-security-policy': ["default-src *; script-src 'unsafe-eval'"],
      'Content-Type': ['text/html'],
    });
    expect(out).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    });
  });

  it('adds the policy to a response that had no headers', () => {
    expect(withContentSecurityPolicy(undefined)).toEqual({
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    });
  });
});
