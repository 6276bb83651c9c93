import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parse } from 'ini';
import { BotConfigError } from './config-error.ts';
import { checkBotConfig, type BotDefinition } from './config.ts';

export interface LoadedConfigFile {
  bots: BotDefinition[];
  /** Handler module paths in the file are relative to this directory. */
  baseDir: string;
}

/** Reads and checks the file; any problem rejects with every problem found. */
export async function readBotConfigFile(path: string): Promise<LoadedConfigFile> {
  const { bots, baseDir, problems } = await checkBotConfigFile(path);
  if (problems.length > 0) throw new BotConfigError(resolve(path), problems);
  return { bots, baseDir };
}

/**
 * The file's valid sections and every problem in the others, so a caller can add the
 * problems it finds later (handlers) and report them all at once. Only an unreadable file
 * rejects.
 */
export async function checkBotConfigFile(
  path: string,
): Promise<LoadedConfigFile & { problems: string[] }> {
  const absolute = resolve(path);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new BotConfigError(absolute, [`cannot read the file (${reason})`]);
  }
  // ini would silently merge repeated sections, and the earlier bot would vanish.
  const repeated = repeatedSections(text).map(
    (name) => `[${name}] appears more than once; each bot needs its own name`,
  );
  const { bots, problems } = checkBotConfig(parse(text));
  return { bots, baseDir: dirname(absolute), problems: [...repeated, ...problems] };
}

function repeatedSections(text: string): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const match of text.matchAll(/^\s*\[([^\]]+)\]\s*$/gm)) {
    const name = (match[1] ?? '').trim();
    if (seen.has(name)) repeated.add(name);
    seen.add(name);
  }
  return [...repeated];
}
