import { BotConfigError } from './config-error.ts';

/** One bot section of the configuration, checked but with its handler not yet loaded. */
export interface BotDefinition {
  name: string;
  email: string;
  key: string;
  site: string;
  token: string;
  handler: string;
  settings: Record<string, string>;
}

const REQUIRED = ['email', 'key', 'site', 'token', 'handler'] as const;

/**
 * Checks configuration already parsed from INI (section name -> key -> value). Problem
 * messages quote emails and sites but never a key or token value.
 */
export function validateBotConfig(raw: Record<string, unknown>, source: string): BotDefinition[] {
  const { bots, problems } = checkBotConfig(raw);
  if (problems.length > 0) throw new BotConfigError(source, problems);
  return bots;
}

/** The sections that are valid, and every problem found in the others. */
export function checkBotConfig(raw: Record<string, unknown>): {
  bots: BotDefinition[];
  problems: string[];
} {
  const problems: string[] = [];
  const bots: BotDefinition[] = [];
  for (const [name, section] of Object.entries(raw)) {
    if (typeof section !== 'object' || section === null) {
      problems.push(`"${name}" is set outside any [section]; every setting belongs to a bot`);
      continue;
    }
    const bot = checkSection(name, section as Record<string, unknown>, problems);
    if (bot) bots.push(bot);
  }
  if (Object.keys(raw).length === 0)
    problems.push('no bots are configured; add one [section] per bot');
  problems.push(...duplicateEmails(raw));
  return { bots, problems };
}

function checkSection(
  name: string,
  section: Record<string, unknown>,
  problems: string[],
): BotDefinition | undefined {
  const values: Record<string, string> = {};
  const before = problems.length;
  for (const [key, value] of Object.entries(section)) {
    if (typeof value === 'string' || typeof value === 'boolean') {
      values[key] = String(value).trim();
    } else if (Array.isArray(value)) {
      problems.push(`[${name}] "${key}" is given as a list; give it one value`);
    } else {
      // ini reads [a.b] as section "b" nested inside "a".
      problems.push(`[${name}.${key}]: a section name cannot contain "."`);
    }
  }
  for (const key of REQUIRED) {
    if (!values[key]) problems.push(`[${name}] is missing "${key}"`);
  }
  const { email = '', key = '', site = '', token = '', handler = '', ...settings } = values;
  if (email && !/^[^@\s]+@[^@\s]+$/.test(email)) {
    problems.push(`[${name}] email "${email}" is not an email address`);
  }
  if (site && !isHttpUrl(site)) problems.push(`[${name}] site "${site}" is not an http(s) URL`);
  if (problems.length > before) return undefined;
  return { name, email, key, site, token, handler, settings };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Checked across every section, valid or not, so one run reports all there is to fix. */
function duplicateEmails(raw: Record<string, unknown>): string[] {
  const firstByEmail = new Map<string, string>();
  const problems: string[] = [];
  for (const [name, section] of Object.entries(raw)) {
    const email = (section as { email?: unknown } | null)?.email;
    if (typeof email !== 'string' || !email.trim()) continue;
    const first = firstByEmail.get(email.trim().toLowerCase());
    if (first === undefined) firstByEmail.set(email.trim().toLowerCase(), name);
    else problems.push(`[${first}] and [${name}] both use email "${email.trim()}"`);
  }
  return problems;
}
