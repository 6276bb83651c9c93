/**
 * Scheduled messages end to end in Chromium against browser mode and the reference server:
 * a message scheduled from compose is listed, edited in compose to a new time, and sent by
 * the server when its clock gets there, leaving the list; another is cancelled after the
 * user confirmed. The server runs on a manual clock, so no test waits for the time.
 */
import { expect, test, type Page } from '@playwright/test';
import { ManualClock } from '../../src/lib/clock.ts';
import { localInputValue } from '../../src/renderer/views/messages/actions/reminder-times.ts';
import { useMessageSuite } from './support/message-suite.ts';
import { expectNoPageErrors } from './support/page-errors.ts';
import { shotsAcross } from './support/shots.ts';

const clock = new ManualClock(Date.now());
const suite = useMessageSuite({ clock });
expectNoPageErrors();

const compose = (page: Page) => page.getByRole('form', { name: 'Compose' });
const box = (page: Page) => compose(page).getByRole('textbox', { name: 'Message' });
const list = (page: Page) => compose(page).getByRole('region', { name: 'Scheduled messages' });
const shoot = (page: Page, name: string) =>
  shotsAcross(page, name, { widths: [760, 1280, 2560], height: 900 });

test('a scheduled message is listed, edited, sent at its time; another is cancelled', async ({
  page,
}) => {
  await suite.openAt(page, suite.byRole(100), 'channel:general topic:plans');
  const c = compose(page);

  await box(page).fill('Standup moves to 10');
  await c.getByRole('button', { name: 'Schedule…' }).click();
  await c.getByRole('button', { name: /^Tomorrow at 9:00 AM/ }).click();
  await expect(c.getByRole('status').filter({ hasText: 'Scheduled for' })).toBeVisible();
  await expect(box(page)).toHaveValue('');

  await box(page).fill('Lunch order closes at noon');
  await c.getByRole('button', { name: 'Schedule…' }).click();
  await shoot(page, 'schedule-form');
  // Cancel keeps its place beside Schedule whatever the width: no line holds it alone.
  const form = c.getByRole('group', { name: 'Schedule message' });
  for (const width of [760, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const schedule = (await form
      .getByRole('button', { name: 'Schedule', exact: true })
      .boundingBox())!;
    const cancel = (await form.getByRole('button', { name: 'Cancel', exact: true }).boundingBox())!;
    expect(Math.abs(cancel.y - schedule.y)).toBeLessThan(2);
    // And compose's Send keeps to the line of Schedule…, never on a line alone.
    const opener = (await c.getByRole('button', { name: 'Schedule…' }).boundingBox())!;
    const send = (await c.getByRole('button', { name: 'Send', exact: true }).boundingBox())!;
    expect(Math.abs(send.y - opener.y)).toBeLessThan(2);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await c.getByRole('button', { name: /^Monday at 9:00 AM/ }).click();
  await c.getByRole('button', { name: 'See scheduled messages' }).click();
  const rows = list(page).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('#general > plans');
  await expect(rows.first()).toContainText('Standup moves to 10');
  await shoot(page, 'scheduled-list');

  // Edit: the text comes back into compose, with a new text and a time half an hour away.
  await rows.first().getByRole('button', { name: 'Edit' }).click();
  await expect(box(page)).toHaveValue('Standup moves to 10');
  await box(page).fill('Standup moves to 10:30');
  const soon = Math.floor(Date.now() / 1000) + 30 * 60;
  await c.getByRole('textbox', { name: 'Scheduled date and time' }).fill(localInputValue(soon));
  await c.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(c.getByRole('status').filter({ hasText: 'Rescheduled for' })).toBeVisible();

  // Cancel the other, after confirming; the sidebar opens the list too.
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: 'Scheduled messages' })
    .click();
  const lunch = rows.filter({ hasText: 'Lunch order' });
  await lunch.getByRole('button', { name: /^Cancel the message/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel message' }).click();
  await expect(list(page).getByRole('status')).toHaveText('Cancelled.');
  await expect(rows).toHaveCount(1);

  const sent = page.getByRole('article').filter({ hasText: 'Standup moves to 10:30' });
  await expect(sent).toHaveCount(0);
  // The server's clock stood still since the file loaded; the page chose from the real time.
  await clock.advance(Date.now() - clock.now() + 31 * 60 * 1000);
  await expect(sent).toBeVisible();
  await expect(list(page).getByText('No scheduled messages.')).toBeVisible();
  await shoot(page, 'scheduled-empty');
});
