import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parse } from 'ini';
import { BotConfigError } from './config-error.ts';
import { validateBotConfig, type BotDefinition } from './config.ts';

export interface LoadedConfigFile {
  bots: BotDefinition[];
  /** Handler module paths in the file are relative to this directory. */
  baseDir: string;
}

export async function readBotConfigFile(path: string): Promise<LoadedConfigFile> {
  const absolute = resolve(path);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new BotConfigError(absolute, [`cannot read the file (${reason})`]);
  }
  const repeated = repeatedSections(text);
  if (repeated.length > 0) {
    // ini would silently merge them, and the earlier bot would vanish.
    throw new BotConfigError(
      absolute,
      repeated.map((name) => `[${name}] appears more than once; each bot needs its own name`),
    );
  }
  return { bots: validateBotConfig(parse(text), absolute), baseDir: dirname(absolute) };
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
