import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BotConfigError } from '../../../src/botserver/config-error.ts';
import { readBotConfigFile } from '../../../src/botserver/config-file.ts';
import { validateBotConfig } from '../../../src/botserver/config.ts';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../fixtures/bots/${name}`, import.meta.url));

const section = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  key: 'KEY-must-not-leak',
  site: 'https://chat.perch.example',
  token: 'TOKEN-must-not-leak',
  handler: 'echo',
  ...extra,
});

function problemsOf(raw: Record<string, unknown>): readonly string[] {
  try {
    validateBotConfig(raw, 'bots.ini');
  } catch (err) {
    if (err instanceof BotConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a BotConfigError');
}

describe('validateBotConfig', () => {
  it('keeps extra keys as settings and reads INI booleans as text', () => {
    const [bot] = validateBotConfig(
      { greeter: section('greeter@perch.example', { loud: true }) },
      'x',
    );
    expect(bot).toEqual({
      name: 'greeter',
      email: 'greeter@perch.example',
      key: 'KEY-must-not-leak',
      site: 'https://chat.perch.example',
      token: 'TOKEN-must-not-leak',
      handler: 'echo',
      settings: { loud: 'true' },
    });
  });

  it('names each missing setting, per bot', () => {
    const { key: _k, token: _t, ...partial } = section('a@perch.example');
    expect(problemsOf({ a: partial, b: { handler: 'help' } })).toEqual([
      '[a] is missing "key"',
      '[a] is missing "token"',
      '[b] is missing "email"',
      '[b] is missing "key"',
      '[b] is missing "site"',
      '[b] is missing "token"',
    ]);
  });

  it('refuses two bots with one email, whatever its case', () => {
    expect(
      problemsOf({ a: section('bot@perch.example'), b: section('Bot@Perch.example') }),
    ).toEqual(['[a] and [b] both use email "Bot@Perch.example"']);
  });

  it('refuses malformed values, settings outside a section, dotted names and an empty file', () => {
    expect(
      problemsOf({
        stray: 'value',
        a: section('not-an-email', { site: 'ftp://chat.perch.example' }),
        b: section('b@perch.example', { tags: ['x', 'y'] }),
        c: { d: section('cd@perch.example') },
      }),
    ).toEqual([
      '"stray" is set outside any [section]; every setting belongs to a bot',
      '[a] email "not-an-email" is not an email address',
      '[a] site "ftp://chat.perch.example" is not an http(s) URL',
      '[b] "tags" is given as a list; give it one value',
      '[c.d]: a section name cannot contain "."',
      '[c] is missing "email"',
      '[c] is missing "key"',
      '[c] is missing "site"',
      '[c] is missing "token"',
      '[c] is missing "handler"',
    ]);
    expect(problemsOf({})).toEqual(['no bots are configured; add one [section] per bot']);
  });

  it('never quotes a key or a token in its error message', () => {
    const raw = {
      a: section('dup@perch.example'),
      b: section('dup@perch.example', { site: 'nope' }),
    };
    expect(() => validateBotConfig(raw, 'bots.ini')).toThrow(BotConfigError);
    const message = problemsOf(raw).join('\n');
    expect(message).not.toContain('must-not-leak');
  });
});

describe('readBotConfigFile', () => {
  it('reads every section of an INI file, relative paths resolved from its directory', async () => {
    const { bots, baseDir } = await readBotConfigFile(fixture('two-bots.ini'));
    expect(bots.map((b) => `${b.name}:${b.handler}`)).toEqual(['echo:echo', 'helper:help']);
    expect(baseDir).toBe(fileURLToPath(new URL('../../fixtures/bots', import.meta.url)));
  });

  it('refuses a section name used twice instead of silently merging the two bots', async () => {
    await expect(readBotConfigFile(fixture('repeated-section.ini'))).rejects.toThrow(
      '[echo] appears more than once; each bot needs its own name',
    );
  });

  it('says plainly when the file cannot be read', async () => {
    await expect(readBotConfigFile(fixture('absent.ini'))).rejects.toThrow(
      /absent\.ini:\n {2}- cannot read the file \(ENOENT\)/,
    );
  });
});
