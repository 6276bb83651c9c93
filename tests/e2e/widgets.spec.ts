/**
 * Polls and to-do lists (widgets carried as submessages), end to end in Chromium against
 * browser mode and the reference server: `/poll` and `/todo` sent from compose show as a
 * widget, and two people vote, add options, check and add tasks, each seeing the other live;
 * only the poll's author may change its question.
 */
import { expect, test, type Page } from '@playwright/test';
import { messageRow as row } from './support/message-data.ts';
import { useMessageSuite } from './support/message-suite.ts';
import { expectNoPageErrors } from './support/page-errors.ts';

const suite = useMessageSuite();
expectNoPageErrors();
const { byRole, openAt } = suite;

const compose = (page: Page) => page.getByRole('form', { name: 'Compose' });

/** Sends `text` from compose and gives the id the server stored it under. */
async function sendFromCompose(page: Page, text: string): Promise<number> {
  const before = suite.m.store.maxId;
  await compose(page).getByRole('textbox', { name: 'Message' }).fill(text);
  await compose(page).getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => suite.m.store.maxId).toBeGreaterThan(before);
  return suite.m.store.maxId;
}

test('a poll sent with /poll: both people vote and add options, live, and only its author edits the question', async ({
  page,
  browser,
}) => {
  const narrow = 'channel:general topic:lunch';
  await openAt(page, byRole(100), narrow);
  const [mel] = await suite.otherClient(browser, byRole(400), narrow);

  const id = await sendFromCompose(page, '/poll Where to eat?\nNoodles');
  const mine = row(page, id).getByRole('region', { name: 'Poll: Where to eat?' });
  const theirs = row(mel, id).getByRole('region', { name: 'Poll: Where to eat?' });
  await expect(theirs).toBeVisible();
  // The widget stands in for the command's text.
  await expect(row(mel, id)).not.toContainText('/poll');

  await theirs.getByRole('textbox', { name: 'New option' }).fill('Tacos');
  await theirs.getByRole('button', { name: 'Add option' }).click();
  await expect(theirs.getByRole('textbox', { name: 'New option' })).toHaveValue('');
  await mine.getByRole('button', { name: 'Vote for Tacos (0 votes)' }).click();
  await expect(theirs.getByRole('button', { name: 'Vote for Tacos (1 vote)' })).toBeVisible();
  await expect(theirs.getByRole('listitem').filter({ hasText: 'Tacos' })).toContainText(
    'Olive Owner',
  );
  await theirs.getByRole('button', { name: 'Vote for Tacos (1 vote)' }).click();
  await expect(
    mine.getByRole('button', { name: 'Take back your vote for Tacos (2 votes)' }),
  ).toBeVisible();
  await mine.getByRole('button', { name: 'Take back your vote for Tacos (2 votes)' }).click();
  await expect(
    theirs.getByRole('button', { name: 'Take back your vote for Tacos (1 vote)' }),
  ).toBeVisible();

  await expect(theirs.getByRole('button', { name: 'Edit question' })).toHaveCount(0);
  await mine.getByRole('button', { name: 'Edit question' }).click();
  await mine.getByRole('textbox', { name: 'Poll question' }).fill('Where to eat today?');
  await mine.getByRole('textbox', { name: 'Poll question' }).press('Enter');
  await expect(
    row(mel, id).getByRole('region', { name: 'Poll: Where to eat today?' }),
  ).toBeVisible();
});

test('a to-do list sent with /todo: a task checked and a task added show for the other person', async ({
  page,
  browser,
}) => {
  const narrow = 'channel:general topic:release';
  await openAt(page, byRole(100), narrow);
  const [mel] = await suite.otherClient(browser, byRole(400), narrow);

  const id = await sendFromCompose(page, '/todo Release 1.2\nWrite notes: what changed\nTag');
  const mine = row(page, id).getByRole('region', { name: 'To-do list: Release 1.2' });
  const theirs = row(mel, id).getByRole('region', { name: 'To-do list: Release 1.2' });
  await expect(
    theirs.getByRole('checkbox', { name: 'Write notes: what changed' }),
  ).not.toBeChecked();

  await theirs.getByRole('checkbox', { name: 'Write notes: what changed' }).check();
  await expect(mine.getByRole('checkbox', { name: 'Write notes: what changed' })).toBeChecked();

  await mine.getByRole('textbox', { name: 'New task' }).fill('Announce');
  await mine.getByRole('textbox', { name: 'Task description' }).fill('in #general');
  await mine.getByRole('button', { name: 'Add task' }).click();
  const added = theirs.getByRole('checkbox', { name: 'Announce: in #general' });
  await expect(added).not.toBeChecked();
  await added.check();
  await expect(mine.getByRole('checkbox', { name: 'Announce: in #general' })).toBeChecked();
  await mine.getByRole('checkbox', { name: 'Write notes: what changed' }).uncheck();
  await expect(
    theirs.getByRole('checkbox', { name: 'Write notes: what changed' }),
  ).not.toBeChecked();
});
