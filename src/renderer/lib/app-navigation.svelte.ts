/**
 * A page asking the window to show another of its sections (a person's card linking to
 * their page in Admin). The App follows `requested` and clears it.
 */
let requested = $state<string | undefined>();

export const appNavigation = {
  get requested(): string | undefined {
    return requested;
  },
  show(view: string): void {
    requested = view;
  },
  done(): void {
    requested = undefined;
  },
};
