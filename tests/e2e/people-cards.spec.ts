/**
 * A click on a sender's name opens their card: name, role in words, local time from their
 * profile's time zone in the reader's 12/24-hour choice, custom profile fields as values (a
 * user-type field as the person's name, a link as a link), and actions that work: the DM action
 * opens compose to them; Esc closes the card and gives the focus back to the name.
 */
import { expect, test } from '@playwright/test';
import { messageRow as row } from './support/message-data.ts';
import { useMessageSuite } from './support/message-suite.ts';

const suite = useMessageSuite();
const { byRole, record, post, openAt } = suite;

function addField(name: string, fieldType: number, fieldData: Record<string, unknown> = {}) {
  const state = suite.server.state;
  const id = state.nextId('profile_field');
  state.profileFields.set(id, {
    id,
    name,
    hint: '',
    field_type: fieldType,
    field_data: fieldData,
    display_in_profile_summary: false,
    required: false,
    editable_by_user: true,
    use_for_user_matching: false,
    order: id,
  });
  return id;
}

test('a sender’s card says who they are, and its DM action opens compose to them', async ({
  page,
}) => {
  const owner = byRole(100);
  const mel = byRole(400);
  const mentor = byRole(200);
  const melRecord = record(mel);
  melRecord.timezone = 'Asia/Tokyo';
  melRecord.profile_data.set(addField('Mentor', 6), JSON.stringify([mentor.user_id]));
  melRecord.profile_data.set(addField('Website', 5), 'https://example.com/~mel');
  melRecord.profile_data.set(addField('Office', 3, { b: { text: 'Berlin', order: '1' } }), 'b');
  // The reader wants a 24-hour clock.
  record(owner).settings['twenty_four_hour_time'] = true;
  const message = post(mel, 'cards', 'who am I?');
  await page.clock.setFixedTime(new Date('2027-01-05T12:34:00Z'));
  await openAt(page, owner, 'channel:general topic:cards');

  const name = row(page, message).getByRole('button', { name: `Card of ${mel.full_name}` });
  await name.click();
  const card = page.getByRole('dialog', { name: `Card of ${mel.full_name}` });
  await expect(card.getByRole('heading')).toContainText(mel.full_name);
  await expect(card.getByTestId('card-role')).toHaveText('Member');
  // 12:34 UTC is 21:34 in Tokyo, written on a 24-hour clock.
  await expect(card.getByTestId('card-local-time')).toHaveText('21:34');
  // The user-type field names the mentor: no id in sight.
  await expect(card.getByRole('definition').filter({ hasText: mentor.full_name })).toHaveText(
    mentor.full_name,
  );
  await expect(card.getByRole('link', { name: 'https://example.com/~mel' })).toHaveAttribute(
    'href',
    'https://example.com/~mel',
  );
  await expect(card.getByRole('definition').filter({ hasText: 'Berlin' })).toBeVisible();

  // Esc closes it and the focus is back on the name that opened it.
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);
  await expect(name).toBeFocused();

  await name.click();
  await card.getByRole('button', { name: 'Send a direct message' }).click();
  await expect(card).toHaveCount(0);
  const compose = page.getByRole('form', { name: 'Compose' });
  await expect(compose.getByRole('listitem').filter({ hasText: mel.full_name })).toBeVisible();
  await expect(compose.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused();
});
