import { existsSync } from 'node:fs';

/** Which Chromium to drive: PERCH_CHROMIUM, else Debian's, else Playwright's own (undefined). */
export function chromiumPath(): string | undefined {
  const override = process.env.PERCH_CHROMIUM;
  if (override) return override;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}
