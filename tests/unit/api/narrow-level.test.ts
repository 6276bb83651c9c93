/**
 * Narrow terms as a server of each level reads them (upstream's changelog: `dm`, `is:dm`
 * and `dm-including` at FL 177, integer `id` operands at FL 194, `channel` and `channels`
 * at FL 250; `near` takes only a string at every level).
 */
import { describe, expect, it } from 'vitest';
import { getMessages, narrowForLevel } from '../../../src/api/routes/messages.ts';
import type { NarrowTerm } from '../../../src/api/routes/narrow.ts';
import { useStubClient } from './schemas/helpers.ts';

const one = (term: NarrowTerm, level: number) => narrowForLevel([term], level)[0];

describe('narrow operators by feature level', () => {
  const renamed: [operator: string, older: string, since: number][] = [
    ['dm', 'pm-with', 177],
    ['dm-including', 'group-pm-with', 177],
    ['channel', 'stream', 250],
    ['channels', 'streams', 250],
  ];
  for (const [operator, older, since] of renamed) {
    it(`${operator} is sent as ${older} below FL ${since}, as itself from it`, () => {
      const term = { operator, operand: 'x', negated: true };
      expect(one(term, since - 1)).toEqual({ operator: older, operand: 'x', negated: true });
      expect(one(term, since)).toEqual(term);
      expect(one([operator, 'x'], since - 1)).toEqual([older, 'x']);
      expect(one([operator, 'x'], since)).toEqual([operator, 'x']);
    });
  }

  it('keeps the user id list of dm when it renames the operator', () => {
    expect(one({ operator: 'dm', operand: [4, 7] }, 176)).toEqual({
      operator: 'pm-with',
      operand: [4, 7],
    });
  });

  it('is:dm is sent as is:private below FL 177, as itself from it', () => {
    expect(one({ operator: 'is', operand: 'dm' }, 176)).toEqual({
      operator: 'is',
      operand: 'private',
    });
    expect(one(['is', 'dm'], 176)).toEqual(['is', 'private']);
    expect(one({ operator: 'is', operand: 'dm' }, 177)).toEqual({ operator: 'is', operand: 'dm' });
    expect(one({ operator: 'is', operand: 'unread' }, 1)).toEqual({
      operator: 'is',
      operand: 'unread',
    });
  });

  it('an integer id operand is sent as text below FL 194, as an integer from it', () => {
    expect(one({ operator: 'id', operand: 42 }, 193)).toEqual({ operator: 'id', operand: '42' });
    expect(one({ operator: 'id', operand: 42 }, 194)).toEqual({ operator: 'id', operand: 42 });
    expect(one({ operator: 'id', operand: '42' }, 193)).toEqual({ operator: 'id', operand: '42' });
  });

  it('a near operand is always sent as text', () => {
    for (const level of [0, 193, 194, 250, 420]) {
      expect(one({ operator: 'near', operand: 120 }, level)).toEqual({
        operator: 'near',
        operand: '120',
      });
    }
  });

  it('leaves integer operands where every level takes them', () => {
    for (const operator of ['sender', 'stream', 'dm-including']) {
      expect(one({ operator, operand: 9 }, 420)).toEqual({ operator, operand: 9 });
    }
    expect(one({ operator: 'channel', operand: 9 }, 100)).toEqual({
      operator: 'stream',
      operand: 9,
    });
  });

  it('leaves operators every level knows as they are', () => {
    for (const operator of ['topic', 'sender', 'search', 'has', 'stream', 'pm-with']) {
      expect(one({ operator, operand: 'x' }, 0)).toEqual({ operator, operand: 'x' });
    }
  });
});

describe('GET /messages sends the narrow in the words of the server’s level', () => {
  const stub = useStubClient();

  async function narrowSentTo(level: number, narrow: NarrowTerm[]): Promise<unknown> {
    const { server, client } = await stub(
      { '/messages': { anchor: 1, found_newest: true, found_oldest: true, messages: [] } },
      level,
    );
    await getMessages(client, { anchor: 'newest', num_before: 5, num_after: 0, narrow });
    return JSON.parse(server.requests[0]?.params.get('narrow') ?? 'null');
  }

  it('to a server at FL 176', async () => {
    const narrow: NarrowTerm[] = [
      { operator: 'channel', operand: 'general' },
      { operator: 'dm', operand: [4] },
      { operator: 'is', operand: 'dm' },
      { operator: 'id', operand: 3 },
      { operator: 'near', operand: 3 },
    ];
    expect(await narrowSentTo(176, narrow)).toEqual([
      { operator: 'stream', operand: 'general' },
      { operator: 'pm-with', operand: [4] },
      { operator: 'is', operand: 'private' },
      { operator: 'id', operand: '3' },
      { operator: 'near', operand: '3' },
    ]);
  });

  it('to a current server', async () => {
    const narrow: NarrowTerm[] = [
      { operator: 'channel', operand: 'general' },
      { operator: 'id', operand: 3 },
    ];
    expect(await narrowSentTo(420, narrow)).toEqual(narrow);
  });
});
