/**
 * Which admin panel is open. Kept outside AdminView so a panel can send the console to the
 * panel that fixes what it shows (the health view's links).
 */
let chosenId = $state<string | undefined>();

export const adminNavigation = {
  get chosenId(): string | undefined {
    return chosenId;
  },
  open(id: string): void {
    chosenId = id;
  },
};
