import { describe, expect, it } from 'vitest';
import { helpHandler } from '../../../../src/botserver/handlers/help.ts';
import { contextFor, payload, profile } from './context.ts';

describe('help handler', () => {
  it('lists every bot served, in configuration order, with what each does', async () => {
    const help = profile('help', 'Lists the bots served here.');
    const bots = [profile('echo', 'Repeats your message back to you.'), help, profile('quiet')];
    const reply = await helpHandler.handle(payload('help'), contextFor(help, bots));
    expect(reply).toEqual({
      content: [
        'Bots served here:',
        '- **echo** (echo-bot@perch.example): Repeats your message back to you.',
        '- **help** (help-bot@perch.example): Lists the bots served here.',
        '- **quiet** (quiet-bot@perch.example)',
      ].join('\n'),
    });
  });
});
