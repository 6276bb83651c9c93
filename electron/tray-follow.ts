/**
 * Keeps the tray menu in step with the Core (accounts, their connections, Do Not Disturb)
 * and carries out what the user picks from it.
 */
import { Notification, app, clipboard } from 'electron';
import type { Core } from '../src/core/core.ts';
import type { AccountSummary } from '../src/contract/contract.ts';
import type { PerchTray } from './tray.ts';
import { trayMenuModel, type TrayAction, type TrayMenuInput } from './tray-menu.ts';

type Health = NonNullable<TrayMenuInput['accounts'][number]['health']>;

function tell(title: string, body: string): void {
  if (Notification.isSupported()) new Notification({ title, body }).show();
}

export function followTrayMenu(core: Core, tray: PerchTray, open: () => void): () => void {
  let accounts: AccountSummary[] = [];
  const health = new Map<string, Health>();
  let dnd: TrayMenuInput['dnd'] = { active: false, until: null };

  const act = async (action: TrayAction) => {
    switch (action.kind) {
      case 'open':
        return open();
      case 'quit':
        return app.quit();
      case 'dnd':
        await core.invoke('dnd.set', { choice: action.choice });
        return;
      case 'videoCall': {
        const r = await core.invoke('messages.videoCall', { accountId: action.accountId });
        if (r.ok) {
          const { url } = r.result as { url: string };
          clipboard.writeText(url);
          tell('Video call created', `The link is on the clipboard: ${url}`);
        } else {
          tell('No video call', r.error.message);
        }
      }
    }
  };

  const render = () =>
    tray.setMenu(
      trayMenuModel({
        accounts: accounts.map((a) => ({ ...a, health: health.get(a.id) })),
        dnd,
        now: Date.now(),
        formatTime: (ms) =>
          new Date(ms).toLocaleString([], { weekday: 'short', hour: '2-digit', minute: '2-digit' }),
      }),
      (action) => void act(action),
    );

  const unsubscribe = core.subscribe(
    (topic, payload) => {
      if (topic === 'accounts.changed') accounts = payload as AccountSummary[];
      else if (topic === 'dnd.changed') dnd = payload as TrayMenuInput['dnd'];
      else if (topic === 'sync.status') {
        for (const s of payload as { accountId: string; health: Health }[])
          health.set(s.accountId, s.health);
      } else return;
      render();
    },
    (topic) => topic === 'accounts.changed' || topic === 'dnd.changed' || topic === 'sync.status',
  );
  void Promise.all([core.invoke('accounts.list', {}), core.invoke('dnd.get', {})]).then(
    ([a, d]) => {
      if (a.ok) accounts = a.result as AccountSummary[];
      if (d.ok) dnd = d.result as TrayMenuInput['dnd'];
      render();
    },
  );
  // "Reconnecting in N s" counts down; a menu is static once built, so rebuild it now and then.
  const timer = setInterval(render, 5_000);
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
