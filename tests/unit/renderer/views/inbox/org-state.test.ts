import { describe, expect, it } from 'vitest';
import { orgStateText } from '../../../../../src/renderer/views/inbox/org-state.ts';

const at = (h: number, m: number) => new Date(2026, 11, 2, h, m).getTime();
const clock = (t: number) =>
  new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(t));

describe("an organization's header says how current its rows are", () => {
  it('names when the server stopped answering', () => {
    expect(
      orgStateText({
        connection: 'unreachable',
        stale: true,
        liveAt: at(10, 40),
        offlineSince: at(10, 42),
      }),
    ).toBe(`Offline since ${clock(at(10, 42))}: last known at ${clock(at(10, 40))}`);
  });

  it('shows the saved copy and since when the account is offline', () => {
    expect(
      orgStateText({
        connection: 'unreachable',
        stale: true,
        savedAt: at(10, 31),
        offlineSince: at(10, 42),
      }),
    ).toBe(`Saved at ${clock(at(10, 31))} · offline since ${clock(at(10, 42))}`);
    expect(orgStateText({ connection: 'connecting', stale: true, savedAt: at(10, 31) })).toBe(
      `Saved at ${clock(at(10, 31))} · connecting…`,
    );
  });

  it('says nothing while live, and "nothing known yet" when it never was', () => {
    expect(orgStateText({ connection: 'live', stale: false })).toBe('');
    expect(orgStateText({ connection: 'unreachable', stale: true })).toBe(
      'Out of reach: nothing known yet',
    );
    expect(orgStateText({ connection: 'signed-out', stale: true, liveAt: at(9, 5) })).toBe(
      `Signed out: last known at ${clock(at(9, 5))}`,
    );
  });
});
