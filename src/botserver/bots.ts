import { BotConfigError } from './config-error.ts';
import type { BotDefinition } from './config.ts';
import { HandlerLoadError, loadHandler } from './handlers/load.ts';
import type { BotHandler, BotProfile } from './types.ts';

/** A bot ready to answer: its secrets stay here, handlers only ever see `profile`. */
export interface ServedBot {
  token: string;
  profile: BotProfile;
  handler: BotHandler;
}

/**
 * Loads every bot's handler; its failures and the configuration problems found before
 * (`earlier`) are reported together.
 */
export async function loadBots(
  definitions: readonly BotDefinition[],
  baseDir: string,
  source: string,
  earlier: readonly string[] = [],
): Promise<ServedBot[]> {
  const problems = [...earlier];
  const bots: ServedBot[] = [];
  for (const definition of definitions) {
    try {
      const handler = await loadHandler(definition.handler, baseDir);
      bots.push({ token: definition.token, profile: toProfile(definition, handler), handler });
    } catch (err) {
      if (!(err instanceof HandlerLoadError)) throw err;
      problems.push(`[${definition.name}] ${err.message}`);
    }
  }
  if (problems.length > 0) throw new BotConfigError(source, problems);
  return bots;
}

function toProfile(
  { name, email, site, handler, settings }: BotDefinition,
  loaded: BotHandler,
): BotProfile {
  return { name, email, site, handler, description: loaded.description ?? '', settings };
}
