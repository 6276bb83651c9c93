import { describe, expect, it } from 'vitest';
import { Router, type Route } from '../../../src/server/http/router.ts';
import { buildRouter } from '../../../src/server/routes/index.ts';

const ok = () => ({});

function routeOf(found: ReturnType<Router['match']>): Route | undefined {
  return 'route' in found ? found.route : undefined;
}

describe('Router.match', () => {
  it('prefers the literal route over a placeholder, whatever the registration order', () => {
    for (const literalFirst of [true, false]) {
      const r = new Router();
      const me = (): Record<string, unknown> => ({ me: true });
      const byId = (): Record<string, unknown> => ({ byId: true });
      if (literalFirst) r.get('/users/me', me);
      r.get('/users/{user_id}', byId);
      if (!literalFirst) r.get('/users/me', me);
      expect(routeOf(r.match('GET', '/users/me', 400))?.handler).toBe(me);
      const other = r.match('GET', '/users/12', 400);
      expect(routeOf(other)?.handler).toBe(byId);
      expect('vars' in other && other.vars).toEqual({ user_id: '12' });
    }
  });

  it('decodes placeholders and matches only paths of the same length', () => {
    const r = new Router();
    r.get('/streams/{stream_id}/members', ok);
    r.get('/streams/{stream_id}', ok);
    const found = r.match('GET', '/streams/a%20b/members', 400);
    expect('vars' in found && found.vars).toEqual({ stream_id: 'a b' });
    expect(routeOf(found)?.segments).toEqual(['streams', '{stream_id}', 'members']);
    expect(routeOf(r.match('GET', '/streams/7/members/x', 400))).toBeUndefined();
    // Not valid percent-encoding: no route, and not a method mismatch either.
    expect(r.match('GET', '/streams/%E0%A4%A', 400)).toEqual({ methodMismatch: false });
  });

  it('tells a wrong method from an unknown path, and hides routes above the feature level', () => {
    const r = new Router();
    r.get('/events', ok);
    r.post('/reminders', ok, { sinceLevel: 399 });
    expect(r.match('POST', '/events', 400)).toEqual({ methodMismatch: true });
    expect(r.match('GET', '/nothing', 400)).toEqual({ methodMismatch: false });
    expect(routeOf(r.match('POST', '/reminders', 399))).toBeDefined();
    expect(r.match('POST', '/reminders', 398)).toEqual({ methodMismatch: false });
    expect(r.match('GET', '/reminders', 399)).toEqual({ methodMismatch: true });
  });

  it("finds every one of the server's routes by its own path", () => {
    const router = buildRouter();
    for (const { method, path, sinceLevel } of router.list()) {
      const concrete = path.replace(/\{[^}]+\}/g, '1');
      const found = router.match(method, concrete, Math.max(sinceLevel, 500));
      expect(found, `${method} ${path}`).toHaveProperty('route');
      const route = routeOf(found);
      // The most specific route wins: the one found has at least as many literals.
      const literals = (p: string) => p.split('/').filter((s) => s && !s.startsWith('{')).length;
      expect(
        literals('/' + (route?.segments.join('/') ?? '')),
        `${method} ${path}`,
      ).toBeGreaterThanOrEqual(literals(path));
      expect(route?.method).toBe(method);
    }
  });
});
