import { test, expect } from './fixtures';
import { SPACE } from './support/demo-ids.mjs';

const BATTERY_Q = 'How long does the Beacon battery last on a full charge?';

test('Enter on a sample question sends it and leaves focus in the message box, not on the page body', async ({
  page,
}) => {
  await page.goto(`./playground/${SPACE.support}`);
  const sample = page.getByTestId('sample-question').filter({ hasText: BATTERY_Q });
  await sample.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('answer').last()).toHaveAttribute('data-status', 'done');
  // The pressed button went with the empty state: focus is where a follow-up is typed.
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  await page.keyboard.type('And in standby?');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('And in standby?');
});

test('the suite editor refuses a similarity of 1.5 as the field is left, with its range, and takes 0.8', async ({
  page,
}) => {
  await page.goto('./suites');
  await page.getByRole('link', { name: 'New suite' }).click();
  await page.getByRole('button', { name: 'More fields of case 1' }).click();
  const more = page.getByTestId('case-more');
  await more.getByLabel('Similar to (reference answer)').fill('About 14 days on a full charge.');
  const similarity = more.getByLabel('Similarity at least (0–1)');
  await similarity.fill('1.5');
  await similarity.press('Tab');
  // Refused at the field, before any Save.
  await expect(similarity).toHaveAttribute('aria-invalid', 'true');
  await expect(more).toContainText(/cases\[0\]\.expect\.similar_to\.min: .*1/);
  await expect(page.getByTestId('editor-problems')).toHaveCount(0);
  // Typing a value in range clears it at once.
  await similarity.fill('0.8');
  await expect(similarity).not.toHaveAttribute('aria-invalid', 'true');
  // The Contains field holds no placeholder that reads like data.
  await expect(page.getByRole('textbox', { name: 'Contains, case 1' })).not.toHaveAttribute('placeholder', /.+/);
});
