/** The filters the Inbox and Recent views share (kept while the user switches views). */
import type { InboxFilters } from './rows.ts';

export const filters = $state<InboxFilters>({
  org: 'all',
  mentionsAndDms: false,
  showMuted: false,
});
