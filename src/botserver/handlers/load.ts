import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BotHandler } from '../types.ts';
import { echoHandler } from './echo.ts';
import { helpHandler } from './help.ts';

export const BUILT_IN_HANDLERS: Readonly<Record<string, BotHandler>> = {
  echo: echoHandler,
  help: helpHandler,
};

/** Thrown with a message fit to show as one configuration problem. */
export class HandlerLoadError extends Error {}

/**
 * A handler is a built-in name or a module path (relative to the configuration file) whose
 * default export is a BotHandler or a bare handle function.
 */
export async function loadHandler(spec: string, baseDir: string): Promise<BotHandler> {
  const builtIn = BUILT_IN_HANDLERS[spec];
  if (builtIn) return builtIn;
  if (!looksLikePath(spec)) {
    const names = Object.keys(BUILT_IN_HANDLERS).join(', ');
    throw new HandlerLoadError(
      `unknown handler "${spec}"; use a built-in (${names}) or a module path such as ./my-bot.ts`,
    );
  }
  const file = isAbsolute(spec) ? spec : resolve(baseDir, spec);
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (err) {
    throw new HandlerLoadError(`cannot load handler module ${file}: ${(err as Error).message}`);
  }
  const handler = asHandler(module.default);
  if (!handler) {
    throw new HandlerLoadError(
      `handler module ${file} must have a default export: a function or an object with handle()`,
    );
  }
  return handler;
}

function looksLikePath(spec: string): boolean {
  return /[/\\]/.test(spec) || /\.[cm]?[jt]s$/.test(spec);
}

function asHandler(value: unknown): BotHandler | undefined {
  if (typeof value === 'function') return { handle: value as BotHandler['handle'] };
  if (typeof value === 'object' && value !== null) {
    const candidate = value as Partial<BotHandler>;
    if (typeof candidate.handle === 'function') {
      const description = typeof candidate.description === 'string' ? candidate.description : '';
      return { description, handle: candidate.handle.bind(value) };
    }
  }
  return undefined;
}
