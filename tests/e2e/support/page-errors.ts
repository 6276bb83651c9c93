import { expect, test } from '@playwright/test';

/**
 * Each test of the file fails if its page logged an uncaught error, an unhandled promise
 * rejection included: a failed call must end in words on the screen, not in the console.
 */
export function expectNoPageErrors(): void {
  let errors: string[] = [];
  test.beforeEach(({ page }) => {
    errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
  });
  test.afterEach(() => {
    expect(errors, 'uncaught errors in the page').toEqual([]);
  });
}
