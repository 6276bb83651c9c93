import { describe, expect, it } from 'vitest';
import {
  addressesFromCsv,
  csvRows,
  parseAddresses,
} from '../../../../src/renderer/views/admin/rules/invite-addresses.ts';

const addressesOf = (text: string) => parseAddresses(text).map((a) => [a.address, a.valid]);

describe('pasted addresses', () => {
  it('splits on commas, semicolons, spaces and new lines', () => {
    expect(addressesOf('a@x.org b@x.org;c@x.org\n\td@x.org,,')).toEqual([
      ['a@x.org', true],
      ['b@x.org', true],
      ['c@x.org', true],
      ['d@x.org', true],
    ]);
  });

  it('takes the address of "Name <address>", also with a quoted name holding a comma', () => {
    expect(
      addressesOf('Jane Doe <jane@x.org>, "Roe, Rick" <rick@x.org>\nbob@x.org <BOB@x.org>'),
    ).toEqual([
      ['jane@x.org', true],
      ['rick@x.org', true],
      ['bob@x.org', true],
    ]);
  });

  it('keeps words that are no address, flagged, so a typo is seen rather than lost', () => {
    expect(addressesOf('oops, a@x.org\nno at sign, b@')).toEqual([
      ['oops', false],
      ['a@x.org', true],
      ['no at sign', false],
      ['b@', false],
    ]);
  });
});

describe('CSV files', () => {
  it('reads quoted fields with commas, doubled quotes and CRLF line ends', () => {
    expect(csvRows('name,email\r\n"Doe, ""J""",j@x.org\r\n')).toEqual([
      ['name', 'email'],
      ['Doe, "J"', 'j@x.org'],
    ]);
  });

  it('reads the column headed Email', () => {
    const csv = 'Name,E-mail address,Team\nJane,jane@x.org,Ops\nRick,rick@x.org,Dev\n';
    expect(addressesFromCsv(csv)).toEqual({
      addresses: ['jane@x.org', 'rick@x.org'],
      column: '“E-mail address”',
    });
  });

  it('without a header finds the column of addresses, and drops a header it cannot name', () => {
    expect(addressesFromCsv('Jane,jane@x.org\nRick,rick@x.org')).toEqual({
      addresses: ['jane@x.org', 'rick@x.org'],
      column: 'column 2',
    });
    expect(addressesFromCsv('who,contact\nJane,jane@x.org\n').addresses).toEqual(['jane@x.org']);
    expect(addressesFromCsv('a@x.org\nb@x.org\n').addresses).toEqual(['a@x.org', 'b@x.org']);
  });
});
