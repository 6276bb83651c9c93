/** Which Settings section is open; kept across visits, and set by "Settings" links elsewhere. */
import type { SectionId } from './settings-layout.ts';

export const settingsNavigation = $state<{ section: SectionId }>({ section: 'preferences' });
