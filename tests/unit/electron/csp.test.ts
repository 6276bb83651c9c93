import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../electron/policy.ts';

const root = join(import.meta.dirname, '..', '..', '..');

function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

/** The policy the renderer's page declares itself; file:// pages get no header. */
function rendererMetaPolicy(): string {
  const html = readFileSync(join(root, 'src', 'renderer', 'index.html'), 'utf8');
  const tag = /<meta\s[^>]*http-equiv=["']Content-Security-Policy["'][^>]*>/i.exec(html)?.[0];
  const content = tag && /content="([^"]*)"/i.exec(tag)?.[1];
  if (!content) throw new Error('src/renderer/index.html has no Content-Security-Policy meta tag');
  return content;
}

describe('the window content security policy', () => {
  const csp = directives(CONTENT_SECURITY_POLICY);

  it('runs only the app’s own scripts', () => {
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|\*/);
  });

  it('blocks plugins, base rewrites and framing', () => {
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it('is matched by the renderer page’s own meta tag where it matters for scripts', () => {
    const meta = directives(rendererMetaPolicy());
    expect(meta.get('default-src')).toEqual(["'self'"]);
    expect(meta.get('script-src')).toEqual(["'self'"]);
    expect(meta.get('object-src')).toEqual(["'none'"]);
    expect(meta.get('base-uri')).toEqual(["'none'"]);
  });
});
