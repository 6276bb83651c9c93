/**
 * Which admin panel is open. Kept outside AdminView so a panel can send the console to the
 * panel that fixes what it shows (the health view's links).
 */
import { getContext, setContext } from 'svelte';
import type { PanelRef } from './health/fix-panel.ts';

let chosenId = $state<string | undefined>();
/** A person whose page the Users panel opens on (a card's "Manage this user in Admin"). */
let personId: number | undefined;

export const adminNavigation = {
  get chosenId(): string | undefined {
    return chosenId;
  },
  open(id: string): void {
    chosenId = id;
  },
  openPerson(userId: number): void {
    personId = userId;
    chosenId = 'users';
  },
  /** The person asked for, once: the panel's own back button then leaves the page. */
  takePerson(): number | undefined {
    const id = personId;
    personId = undefined;
    return id;
  },
};

const AVAILABLE = Symbol('the admin panels the role may open');

/**
 * AdminView hands its panels the ones the user's role may open, so a panel links to another
 * (the health view's fixes) without importing panels.ts, which imports every panel.
 */
export function provideAvailablePanels(available: () => readonly PanelRef[]): void {
  setContext(AVAILABLE, available);
}

export function availablePanels(): () => readonly PanelRef[] {
  return getContext<(() => readonly PanelRef[]) | undefined>(AVAILABLE) ?? (() => []);
}
