import { describe, expect, it } from 'vitest';
import { AccountState } from '../../../../src/core/model/account-state.ts';
import { readerFacts } from '../../../../src/core/model/unread-summary.ts';
import { ALICE, ME } from '../notify/fixtures.ts';
import { registerResponse } from './register-fixture.ts';

const group = (id: number, members: number[], subgroups: number[] = [], deactivated = false) => ({
  id,
  name: `g${id}`,
  description: '',
  members,
  direct_subgroup_ids: subgroups,
  deactivated,
});

describe('readerFacts', () => {
  it('lists the groups the reader is in, directly or through subgroups, active only', () => {
    const state = new AccountState(
      registerResponse({
        realm_user_groups: [
          group(1, [ME]),
          group(2, [ALICE], [1]),
          group(3, [], [2]),
          group(4, [ALICE]),
          group(5, [ME], [], true),
        ],
      }),
    );
    expect(readerFacts(state).groupIds).toEqual([1, 2, 3]);
  });

  it("follows a change of the reader's groups, and not a message", () => {
    const state = new AccountState(
      registerResponse({ realm_user_groups: [group(1, [ME]), group(2, [ALICE], [1])] }),
    );
    expect(readerFacts(state).groupIds).toEqual([1, 2]);
    // The reader is deactivated and so leaves every group (spec 6, realm_user).
    state.apply({
      id: 1,
      type: 'realm_user',
      op: 'update',
      person: { user_id: ME, is_active: false },
    } as { id: number; type: string });
    expect(readerFacts(state).groupIds).toEqual([]);
  });

  it('reads the clock and the mark-read policy from the user, else the realm default', () => {
    const base = registerResponse();
    const own = new AccountState({
      ...base,
      user_settings: {
        ...base.user_settings,
        twenty_four_hour_time: true,
        web_mark_read_on_scroll_policy: 3,
      } as typeof base.user_settings,
    });
    expect(readerFacts(own)).toMatchObject({ twentyFourHour: true, markReadPolicy: 3 });
    const realm = new AccountState({
      ...base,
      realm_user_settings_defaults: { web_mark_read_on_scroll_policy: 2 },
    });
    expect(readerFacts(realm)).toMatchObject({ twentyFourHour: null, markReadPolicy: 2 });
  });
});
