import type { Preferences } from '../../contract/contract.ts';

/** Applies the theme preference; 'system' leaves the choice to prefers-color-scheme. */
export function applyTheme(theme: Preferences['theme']): void {
  document.documentElement.dataset.theme = theme;
}
