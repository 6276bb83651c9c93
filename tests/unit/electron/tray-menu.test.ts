import { describe, expect, it } from 'vitest';
import {
  trayMenuModel,
  type TrayMenuInput,
  type TrayMenuItem,
} from '../../../electron/tray-menu.ts';

const base: TrayMenuInput = {
  accounts: [],
  dnd: { active: false, until: null },
  now: 1_000_000,
  formatTime: (ms) => `t${ms}`,
};

const labels = (items: TrayMenuItem[]) =>
  items.map((i) => (i.type === 'separator' ? '---' : i.label));

describe('the tray menu', () => {
  it("states each account's connection in words", () => {
    const items = trayMenuModel({
      ...base,
      accounts: [
        { id: 'a', realmName: 'Acme', email: 'ada@acme', health: { state: 'polling' } },
        {
          id: 'b',
          realmName: 'Beta',
          email: 'bo@beta',
          health: { state: 'backoff', retryAt: 1_007_000 },
        },
        { id: 'c', realmName: 'Gone', email: 'cy@gone', attention: { message: 'Key rejected' } },
      ],
    });
    expect(labels(items).slice(0, 3)).toEqual([
      'Acme (ada@acme): Connected',
      'Beta (bo@beta): Reconnecting in 7 s',
      'Gone (cy@gone): Needs attention: Key rejected',
    ]);
  });

  it('offers Do Not Disturb for an hour, until tomorrow and until turned off, and shows the current one', () => {
    const off = trayMenuModel(base).find((i) => i.type === 'submenu');
    expect(off && off.type === 'submenu' && labels(off.items)).toEqual([
      'Off',
      'For 1 hour',
      'Until tomorrow',
      'Until turned off',
    ]);
    const timed = trayMenuModel({ ...base, dnd: { active: true, until: 42 } });
    expect(labels(timed)).toContain('Do Not Disturb: until t42');
    const forever = trayMenuModel({ ...base, dnd: { active: true, until: null } });
    const sub = forever.find((i) => i.type === 'submenu');
    expect(sub?.label).toBe('Do Not Disturb: on');
    const checked =
      sub?.type === 'submenu' ? sub.items.filter((i) => i.type === 'radio' && i.checked) : [];
    expect(labels(checked)).toEqual(['Until turned off']);
  });

  it('makes a video call on the first account that is not waiting on the user, or offers none', () => {
    const none = trayMenuModel(base).find(
      (i) => i.type === 'action' && i.action.kind === 'videoCall',
    );
    expect(none).toMatchObject({ enabled: false });
    const items = trayMenuModel({
      ...base,
      accounts: [
        { id: 'x', realmName: 'Broken', email: 'x@b', attention: { message: 'no' } },
        { id: 'y', realmName: 'Fine', email: 'y@f' },
      ],
    });
    const call = items.find((i) => i.type === 'action' && i.action.kind === 'videoCall');
    expect(call).toMatchObject({
      label: 'New video call (Fine)',
      enabled: true,
      action: { accountId: 'y' },
    });
  });

  it('always ends with Open and Quit', () => {
    expect(labels(trayMenuModel(base)).slice(-2)).toEqual(['Open Perch', 'Quit Perch']);
  });
});
