import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { FakeElectron } from './fake-electron.ts';

const electron = vi.hoisted(() => ({ fake: undefined as FakeElectron | undefined }));
vi.mock('electron', async () => {
  const { FakeElectron: Fake } = await import('./fake-electron.ts');
  electron.fake = new Fake('/app');
  return electron.fake.module();
});

const { createTray } = await import('../../../electron/tray.ts');

describe('the tray', () => {
  const resources = '/opt/Perch/resources';
  const actions = { open: vi.fn(), quit: vi.fn() };
  const perchTray = createTray(resources, actions);
  const tray = electron.fake?.trays[0];
  const icon = (state: string) => join(resources, 'tray', 'linux', `tray-${state}.png`);

  it('switches icon and hover text with the unread state', () => {
    perchTray.setTrayState('mention', 3);
    expect(tray?.image).toBe(icon('mention'));
    expect(tray?.tooltip).toBe('Perch: 3 unread, including mentions or direct messages');
    perchTray.setTrayState('unread', 7);
    expect(tray?.image).toBe(icon('unread'));
    perchTray.setTrayState('none', 0);
    expect(tray?.image).toBe(icon('none'));
    expect(tray?.tooltip).toBe('Perch: nothing unread');
  });

  it('opens the window on a click and from the menu, and quits from the menu', () => {
    tray?.emit('click');
    tray?.click('Open Perch');
    tray?.click('Quit Perch');
    expect(actions.open).toHaveBeenCalledTimes(2);
    expect(actions.quit).toHaveBeenCalledTimes(1);
  });
});
