import { describe, expect, it } from 'vitest';
import { loadEmojiCatalog, searchEmoji, type RealmEmoji } from '../../../../src/lib/emoji/index.ts';

const catalog = await loadEmojiCatalog();
const realm: RealmEmoji[] = [
  {
    id: '1',
    name: 'party_parrot',
    source_url: '/user_avatars/2/emoji/images/1.png',
    deactivated: false,
  },
  {
    id: '2',
    name: 'old_logo',
    source_url: '/user_avatars/2/emoji/images/2.png',
    deactivated: true,
  },
];

describe('emoji catalog', () => {
  it('holds the full Unicode set, not a hand-picked list', () => {
    expect(catalog.all.length).toBeGreaterThan(1800);
    expect(new Set(catalog.all.map((e) => e.category)).size).toBe(9);
  });

  it('writes codes as lowercase hex joined by dashes, without U+FE0F', () => {
    expect(catalog.codeByName.get('heart')).toBe('2764');
    expect(catalog.codeByName.get('heart_on_fire')).toBe('2764-200d-1f525');
    for (const e of catalog.all) expect(e.code).toMatch(/^[0-9a-f]+(-[0-9a-f]+)*$/);
    expect(catalog.all.some((e) => e.code.split('-').includes('fe0f'))).toBe(false);
  });

  it('keeps the names reactions already used', () => {
    for (const [name, code] of [
      ['+1', '1f44d'],
      ['thumbs_up', '1f44d'],
      ['check', '2705'],
      ['working_on_it', '1f6e0'],
      ['flag_france', '1f1eb-1f1f7'],
      ['octopus', '1f419'],
      ['tada', '1f389'],
    ])
      expect(catalog.codeByName.get(name!)).toBe(code);
  });

  it("names emoji as upstream's table does where the shipped data differs", () => {
    for (const [name, code] of [
      ['cat', '1f408'],
      ['kitten', '1f431'],
      ['dog', '1f415'],
      ['rabbit', '1f407'],
      ['up', '2b06'],
      ['ok', '1f44c'],
      ['point_up', '1f446'],
      ['hi', '1f44b'],
    ])
      expect(catalog.codeByName.get(name!)).toBe(code);
    expect(catalog.all.find((e) => e.code === '1f408')?.name).toBe('cat');
    expect(catalog.all.find((e) => e.code === '1f431')?.name).toBe('kitten');
  });

  it('completes :cat: with the emoji upstream means', () => {
    expect(searchEmoji('cat', { catalog })[0]).toMatchObject({ name: 'cat', code: '1f408' });
  });

  it('gives every emoji a distinct name', () => {
    const names = catalog.all.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('searchEmoji', () => {
  it('finds by exact name first, then by prefix', () => {
    const hits = searchEmoji('heart', { catalog });
    expect(hits[0]).toMatchObject({ name: 'heart', code: '2764', type: 'unicode_emoji' });
    expect(hits.length).toBeGreaterThan(5);
  });

  it('finds by keyword when no name matches', () => {
    const names = searchEmoji('celebrate', { catalog }).map((h) => h.name);
    expect(names).toContain('tada');
  });

  it('accepts the colon syntax and spaces for underscores', () => {
    expect(searchEmoji(':octopus:', { catalog })[0]?.name).toBe('octopus');
    expect(searchEmoji('heart on', { catalog })[0]?.name).toBe('heart_on_fire');
  });

  it('stops at the limit', () => {
    expect(searchEmoji('a', { catalog, limit: 5 })).toHaveLength(5);
  });

  it('offers active custom emoji with their image, never deactivated ones', () => {
    expect(searchEmoji('party', { catalog, realm })[0]).toEqual({
      name: 'party_parrot',
      code: '1',
      type: 'realm_emoji',
      url: '/user_avatars/2/emoji/images/1.png',
    });
    expect(searchEmoji('old_logo', { catalog, realm }).some((h) => h.type === 'realm_emoji')).toBe(
      false,
    );
  });

  it('offers emoji in the chosen skin tone where they have one', () => {
    expect(searchEmoji('+1', { catalog, skinTone: 3 })[0]).toMatchObject({
      name: '+1_tone3',
      code: '1f44d-1f3fd',
      char: '👍🏽',
    });
    expect(searchEmoji('octopus', { catalog, skinTone: 3 })[0]?.code).toBe('1f419');
  });

  it('answers an empty query with everything, custom emoji first', () => {
    const all = searchEmoji('', { catalog, realm });
    expect(all[0]?.name).toBe('party_parrot');
    expect(all).toHaveLength(catalog.all.length + 1);
  });

  it('returns nothing for nonsense', () => {
    expect(searchEmoji('zzqqxx', { catalog, realm })).toEqual([]);
  });
});
