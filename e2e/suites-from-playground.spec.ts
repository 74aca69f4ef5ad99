import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ask } from './support/playground';
import { shoot } from './support/looks';
import { SCREENSHOTS_TAG } from './support/target';
import { DOC, SPACE } from './support/demo-ids.mjs';

const BATTERY_Q = 'How long does the Beacon battery last on a full charge?';
const PRICE_Q = 'How much does Beacon Plus cost per month?';
const SLOW = { timeout: 30_000 };

async function answered(page: Page, question: string) {
  await ask(page, question);
  const answer = page.getByTestId('answer').last();
  await expect(answer).toHaveAttribute('data-status', 'done', SLOW);
  return answer;
}

test('an answer in the playground becomes a suite case in one click: its question, its cited documents as relevant_documents', async ({
  page,
}) => {
  await page.goto(`./playground/${SPACE.support}`);
  const first = await answered(page, BATTERY_Q);
  await expect(first.getByTestId('source').filter({ hasText: DOC.battery.id }).first()).toBeVisible();
  const cited = await first.getByTestId('source').evaluateAll((els) => els.length);
  expect(cited).toBeGreaterThan(0);

  // No suite yet: a new one for this space.
  await first.getByTestId('add-to-suite').click();
  await page.getByTestId('add-to-new-suite').click();
  const open = page.getByTestId('open-added-case');
  await expect(open).toHaveText(/^Open case how-long-does-the-beacon in the editor$/);

  // A second answer goes to the suite just made: one click on it in the menu.
  const second = await answered(page, PRICE_Q);
  await second.getByTestId('add-to-suite').click();
  const items = page.getByTestId('add-to-suite-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(`Playground cases · space ${SPACE.support}`);
  await expect(items.first()).toHaveText(new RegExp(`space ${SPACE.support} · 1 case$`));
  await items.first().click();
  await expect(page.getByTestId('open-added-case').last()).toHaveText(
    /^Open case how-much-does-beacon-plus in the editor$/,
  );

  // The toast opens the editor on the case, its further fields shown.
  await page.getByTestId('open-added-case').last().click();
  await expect(page).toHaveURL(/\/suites\/suite-[^?]+\?case=how-much-does-beacon-plus$/);
  const rows = page.getByTestId('case-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByLabel('Question of case 1')).toHaveValue(BATTERY_Q);
  await expect(page.getByLabel('Question of case 2')).toHaveValue(PRICE_Q);
  await expect(page.getByLabel('Question of case 2')).toBeFocused();
  const more = page.getByTestId('case-more');
  await expect(more).toHaveCount(1);
  await expect(more.getByLabel('Relevant documents')).toHaveValue(new RegExp(DOC.pricing.id));

  // As kept: the JSON tab shows the cases with the cited documents as relevant_documents.
  await page.getByRole('tab', { name: 'JSON' }).click();
  const json = page.getByRole('textbox', { name: 'JSON', exact: true });
  const file = JSON.parse(await json.inputValue()) as {
    space_id: string;
    cases: { id: string; question: string; relevant_documents?: string[] }[];
  };
  expect(file.space_id).toBe(SPACE.support);
  expect(file.cases.map((c) => c.question)).toEqual([BATTERY_Q, PRICE_Q]);
  expect(file.cases[0]!.relevant_documents).toContain(DOC.battery.id);
  expect(file.cases[1]!.relevant_documents).toContain(DOC.pricing.id);
});

for (const scheme of ['light', 'dark'] as const) {
  test(
    `screenshot: Add to suite in the playground and the editor's streaming and abstention fields, ${scheme}`,
    { tag: SCREENSHOTS_TAG },
    async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`./playground/${SPACE.support}`);
      const answer = await answered(page, BATTERY_Q);
      await answer.getByTestId('add-to-suite').click();
      await page.getByTestId('add-to-new-suite').click();
      await expect(page.getByTestId('open-added-case')).toBeVisible();
      await answer.getByTestId('add-to-suite').click();
      await expect(page.getByTestId('add-to-suite-item')).toHaveCount(1);
      await shoot(page, `playground-add-to-suite-${scheme}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await page.getByTestId('open-added-case').click();
      const more = page.getByTestId('case-more');
      await expect(more).toHaveCount(1);
      await more.getByLabel('First text within (ms)').fill('800');
      await more.getByLabel('Stream completes').selectOption('true');
      await more.getByLabel('Abstains').selectOption('false');
      await page.getByLabel('Abstention phrases').fill('{"en": ["could not find anything"]}');
      await more.getByLabel('First text within (ms)').scrollIntoViewIfNeeded();
      await shoot(page, `suite-editor-checks-${scheme}`, { fullPage: false });
    },
  );
}
