import { describe, expect, it } from 'vitest';
import {
  forgetPlacesExcept,
  hasPlace,
  placeOf,
} from '../../../../src/renderer/views/messages/places.ts';

describe("each account's place in its messages", () => {
  it('keeps the narrow and drafts of accounts still signed in, and forgets the others', () => {
    placeOf('kept').drafts.set('channel:general', { content: 'half a thought', topic: 'x' });
    placeOf('gone').drafts.set('dm:7', { content: 'private draft', topic: '' });
    forgetPlacesExcept(['kept']);
    expect(hasPlace('gone')).toBe(false);
    expect(placeOf('kept').drafts.get('channel:general')?.content).toBe('half a thought');
    expect(placeOf('gone').drafts.size).toBe(0);
  });
});
