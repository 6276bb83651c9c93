import { parse } from 'ini';

export interface RcCredentials {
  email: string;
  key: string;
  site: string;
}

export class RcFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RcFileError';
  }
}

/**
 * Reads a `zuliprc`-style file: an `[api]` section with `email`, `key` and `site`. Errors
 * name the missing field and never quote the file, which holds a key.
 */
export function parseRcFile(text: string): RcCredentials {
  let parsed: Record<string, unknown>;
  try {
    parsed = parse(text) as Record<string, unknown>;
  } catch {
    throw new RcFileError('The file is not in the INI format of a zuliprc file.');
  }
  const api = parsed.api;
  if (!api || typeof api !== 'object') {
    throw new RcFileError('The file has no [api] section.');
  }
  const section = api as Record<string, unknown>;
  const field = (name: keyof RcCredentials): string => {
    const value = section[name];
    if (typeof value !== 'string' || value.trim() === '') {
      throw new RcFileError(`The [api] section has no ${name}.`);
    }
    return value.trim();
  };
  const credentials = { email: field('email'), key: field('key'), site: field('site') };
  // Files written by other tools often leave off the scheme.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(credentials.site))
    credentials.site = `https://${credentials.site}`;
  return credentials;
}
