import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { echoHandler } from '../../../../src/botserver/handlers/echo.ts';
import { HandlerLoadError, loadHandler } from '../../../../src/botserver/handlers/load.ts';
import { contextFor, payload, profile } from './context.ts';

const fixtures = fileURLToPath(new URL('../../../fixtures/bots', import.meta.url));

describe('loadHandler', () => {
  it('finds the built-ins by name', async () => {
    expect(await loadHandler('echo', fixtures)).toBe(echoHandler);
  });

  it('loads a module relative to the base directory, keeping its description', async () => {
    const handler = await loadHandler('./shout-bot.ts', fixtures);
    expect(handler.description).toBe('Repeats your message, louder.');
    const reply = await handler.handle(payload('hey'), contextFor(profile('shout')));
    expect(reply).toEqual({ content: 'HEY' });
  });

  it('wraps a bare function export as a handler', async () => {
    const handler = await loadHandler(`${fixtures}/count-bot.ts`, '/elsewhere');
    const reply = await handler.handle(
      payload('x', 'mention', 'Counter'),
      contextFor(profile('c')),
    );
    expect(reply).toEqual({ content: expect.stringMatching(/^Message \d+ reached Counter\.$/) });
  });

  it('refuses an unknown name, pointing at the built-ins and module paths', async () => {
    await expect(loadHandler('weather', fixtures)).rejects.toThrow(
      'unknown handler "weather"; use a built-in (echo, help) or a module path such as ./my-bot.ts',
    );
  });

  it('refuses a module without a default export', async () => {
    await expect(loadHandler('./no-default-bot.ts', fixtures)).rejects.toThrow(
      /no-default-bot\.ts must have a default export: a function or an object with handle\(\)$/,
    );
  });

  it('refuses a module that cannot be loaded', async () => {
    const failure = loadHandler('./missing-bot.ts', fixtures);
    await expect(failure).rejects.toBeInstanceOf(HandlerLoadError);
    await expect(failure).rejects.toThrow(/^cannot load handler module .*missing-bot\.ts: /);
  });
});
