import type { Message } from '../../../../src/core/model/state-types.ts';
import { ALICE, BOB, CAROL, ME } from './fixtures.ts';

const person = (id: number, full_name: string) => ({
  id,
  email: `${full_name.toLowerCase()}@acme.test`,
  full_name,
});
const PEOPLE = [
  person(ME, 'Me'),
  person(ALICE, 'Alice'),
  person(BOB, 'Bob'),
  person(CAROL, 'Carol'),
  person(14, 'Dan'),
  person(15, 'Erin'),
];

export function streamMsg(id: number, fields: Partial<Message> = {}): Message {
  return {
    id,
    sender_id: ALICE,
    sender_full_name: 'Alice',
    type: 'stream',
    stream_id: 5,
    subject: 'logo',
    display_recipient: 'design',
    content: '<p>New logo is up</p>',
    content_type: 'text/html',
    timestamp: 1_700_000_000,
    ...fields,
  } as Message;
}

/** A DM from Alice; `with` lists the other participants besides the user and Alice. */
export function dmMsg(id: number, withIds: number[] = [], fields: Partial<Message> = {}): Message {
  const ids = new Set([ME, ALICE, ...withIds]);
  return {
    id,
    sender_id: ALICE,
    sender_full_name: 'Alice',
    type: 'private',
    subject: '',
    display_recipient: PEOPLE.filter((p) => ids.has(p.id)),
    content: '<p>lunch?</p>',
    content_type: 'text/html',
    timestamp: 1_700_000_000,
    ...fields,
  } as Message;
}
