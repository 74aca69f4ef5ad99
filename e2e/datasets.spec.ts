import { test, expect } from './fixtures';
import { expectNoViolations } from './support/axe';
import { field, lookPreferences, shoot } from './support/datasets';
import { SCREENSHOTS_TAG } from './support/target';
import { DS, UNKNOWN } from './support/demo-ids.mjs';

test.describe('dataset page', () => {
  test('looks a dataset up by id and shows every field in words', async ({ page }) => {
    await page.goto('./datasets');
    await page.getByLabel('Dataset id').fill(DS.handbook);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(new RegExp(`/datasets/${DS.handbook}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beacon product handbook');

    await expect(field(page, 'type')).toContainText('Passage');
    await expect(field(page, 'chunk_size')).toContainText('512 (256–2,048)');
    await expect(field(page, 'chunk_size').getByRole('progressbar')).toBeVisible();
    await expect(field(page, 'chunk_overlap')).toContainText('102 (0–512)');
    await expect(field(page, 'retrieval_recall_strategy_ids')).toContainText('Semantic related context');
    await expect(field(page, 'retrieval_recall_strategy_ids')).toContainText('Smart indexing context');
    await expect(field(page, 'retrieval_context_mode')).toContainText('Content and metadata');
    await expect(field(page, 'retrieval_filter_entity_enabled')).toContainText('On');
    await expect(field(page, 'retrieval_filter_period_enabled')).toContainText('Off');
    await expect(field(page, 'pdf_parsing_mode')).toContainText('Section');
    await expect(field(page, 'audio_parsing_mode')).toContainText('Transcript');
    await expect(field(page, 'filter_attributes')).toContainText('none');
    await expect(field(page, 'advanced_enabled')).toContainText('2');
    await expect(field(page, 'advanced_enabled')).toContainText('does not document');
    // Flags sent as 0 read as Off, like false.
    await expect(field(page, 'qa_pairs_return_direct')).toContainText('Off');

    // The date in words, the raw integer on hover.
    const created = field(page, 'created_at').locator('[title]');
    await expect(created).toHaveAttribute('title', '1736154720');
    await expect(created).toContainText('2025');

    // A prompt: its length against the documented maximum, the text itself one click away.
    const prompt = field(page, 'smart_indexing_prompt');
    await expect(prompt.getByTestId('prompt-length')).toHaveText(/^\d{3} \/ 4,096$/);
    const promptText = prompt.getByText('Index each step, setting and status code as its own entry.');
    await expect(promptText).toBeHidden();
    await prompt.getByRole('button', { name: 'Show prompt' }).click();
    await expect(promptText).toBeVisible();

    // Nothing flagged on a documented answer.
    await expect(page.getByTestId('drift-warnings')).toHaveCount(0);
    await expect(page.locator('[data-flagged="true"]')).toHaveCount(0);
  });

  test('an unknown id shows the service’s ErrorResponse message and Retry', async ({ page }) => {
    await page.goto(`./datasets/${UNKNOWN.dataset}`);
    const error = page.getByTestId('error-state');
    await expect(error).toContainText(`dataset ${UNKNOWN.dataset} not found`);
    await expect(error).toContainText('404');
    await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test('compares two datasets side by side, differing rows highlighted', async ({ page }) => {
    await page.goto(`./datasets/${DS.handbook}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beacon product handbook');
    await page.getByRole('combobox', { name: 'Compare with…' }).fill(DS.faq);
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/datasets/${DS.handbook}\\?compare=${DS.faq}$`));

    const table = page.getByTestId('compare-table');
    await expect(table).toContainText('Customer support FAQ');
    for (const path of ['name', 'type', 'chunk_size', 'chunk_overlap', 'top_k']) {
      await expect(field(table, path)).toHaveAttribute('data-differs', 'true');
    }
    await expect(field(table, 'type')).toContainText('Passage');
    await expect(field(table, 'type')).toContainText('FAQ');
    // Same value on both sides (document_count 6, status 1): not highlighted.
    await expect(field(table, 'document_count')).toHaveAttribute('data-differs', 'false');
    await expect(field(table, 'status')).toHaveAttribute('data-differs', 'false');

    await page.getByRole('switch', { name: 'Show only differences' }).check();
    await expect(field(table, 'status')).toHaveCount(0);
    await expect(field(table, 'chunk_size')).toBeVisible();
    await expect(page.getByTestId('compare-summary')).toContainText(/\d+ of 37 fields differ/);

    await page.getByRole('button', { name: 'Close comparison' }).click();
    await expect(page).toHaveURL(new RegExp(`/datasets/${DS.handbook}$`));
    await expect(page.getByTestId('compare-view')).toHaveCount(0);
  });

  test('on a phone (390 px) the comparison fits the screen: one block per field, both values named, differences marked', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`./datasets/${DS.handbook}?compare=${DS.faq}`);
    const view = page.getByTestId('compare-view');
    const list = page.getByTestId('compare-table');
    await expect(list).toContainText('Customer support FAQ');
    await expect(view.getByRole('table')).toHaveCount(0);

    // Nothing scrolls sideways: not the page, and not a box inside the comparison (the table used to scroll within its own).
    const overflow = await page.evaluate(() => {
      const doc = document.scrollingElement!;
      const inner = [...document.querySelectorAll('[data-testid="compare-view"], [data-testid="compare-view"] *')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(el).overflowX))
        .map((el) => el.tagName.toLowerCase() + (el.className ? `.${String(el.className).split(' ')[0]}` : ''));
      return { scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth, inner };
    });
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    expect(overflow.inner, 'boxes inside the comparison that scroll sideways').toEqual([]);
    const viewBox = (await view.boundingBox())!;
    expect(viewBox.x + viewBox.width).toBeLessThanOrEqual(390);

    // A differing field: marked, and both values on screen, each under its dataset's name (dt/dd).
    const type = field(list, 'type');
    await expect(type).toHaveAttribute('data-differs', 'true');
    await expect(type.getByText('differs', { exact: true })).toBeVisible();
    await expect(type.getByRole('term')).toHaveText(['Beacon product handbook', 'Customer support FAQ']);
    await expect(type.getByRole('definition')).toHaveText(['Passage', 'FAQ']);
    for (const value of await type.getByRole('definition').all()) {
      await expect(value).toBeVisible();
      const box = (await value.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // A field with the same value on both sides is not marked.
    await expect(field(list, 'document_count')).toHaveAttribute('data-differs', 'false');
    await expect(field(list, 'document_count').getByText('differs', { exact: true })).toHaveCount(0);

    await page.getByRole('switch', { name: 'Show only differences' }).check();
    await expect(field(list, 'status')).toHaveCount(0);
    await expect(field(list, 'chunk_size')).toBeVisible();

    // Wider than Mantine's `sm`, the same comparison is the table again.
    await page.setViewportSize({ width: 1280, height: 844 });
    await expect(view.getByRole('columnheader', { name: 'Field' })).toBeVisible();
    await expect(field(page.getByTestId('compare-table'), 'chunk_size')).toHaveAttribute('data-differs', 'true');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the phone comparison has no WCAG 2.1 A/AA violation (${scheme})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await lookPreferences(page, { scheme, locale: 'en' });
      await page.goto(`./datasets/${DS.handbook}?compare=${DS.faq}`);
      await expect(page.getByTestId('compare-table')).toHaveAttribute('data-layout', 'stacked');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      // The comparison only: below `xs` the shell header's home link loses its name (src/app, reported to the lead).
      await expectNoViolations(page, `the phone comparison (${scheme})`, '[data-testid="compare-view"]');
    });
  }

  test('flags drift on its field: out-of-range chunk_size, a missing field, an unknown field', async ({
    page,
    sandbox,
  }) => {
    await page.route(`${sandbox.baseUrl}/v1/datasets/${DS.handbook}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      body.chunk_size = 4096;
      delete body.top_k;
      body.beta_reranker = { model: 'rerank-v2' };
      await route.fulfill({ response, json: body });
    });
    await page.goto(`./datasets/${DS.handbook}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beacon product handbook');

    const drift = page.getByTestId('drift-warnings');
    await expect(drift).toContainText('(3)');
    await expect(drift).toContainText('$.chunk_size');
    await expect(drift).toContainText('$.beta_reranker');

    const chunk = field(page, 'chunk_size');
    await expect(chunk).toHaveAttribute('data-flagged', 'true');
    await expect(chunk).toContainText('4,096 (256–2,048)');
    await expect(chunk.getByTestId('field-flag')).toContainText('out of range');

    await expect(field(page, 'top_k')).toContainText('not sent');
    await expect(field(page, 'top_k').getByTestId('field-flag')).toContainText('missing');

    const unknown = page.locator('[data-section="unknown"]');
    await expect(unknown).toContainText('Other fields');
    await expect(field(unknown, 'beta_reranker')).toHaveAttribute('data-flagged', 'true');
    await expect(field(unknown, 'beta_reranker')).toContainText('rerank-v2');
    await expect(field(unknown, 'beta_reranker').getByTestId('field-flag')).toContainText('undocumented field');

    // Fields that match the interface stay unflagged.
    await expect(page.locator('[data-flagged="true"]')).toHaveCount(3);
  });

  test('copies the config as JSON and shows the raw answer', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`./datasets/${DS.handbook}`);
    await page.getByRole('button', { name: 'Copy config as JSON' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>;
    expect(copied).toMatchObject({ dataset_id: DS.handbook, chunk_size: 512, type: 1 });

    await page.getByRole('button', { name: 'Show the raw answer' }).click();
    await expect(page.getByText('"refine_user_question_prompt"')).toBeVisible();
  });

  test('screenshots: light, dark, zh-CN, narrow', { tag: SCREENSHOTS_TAG }, async ({ page, sandbox }) => {
    // Many full-page captures: slow on a loaded machine, and nothing here is timed.
    test.setTimeout(180_000);
    await page.route(`${sandbox.baseUrl}/v1/datasets/${DS.faq}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: { ...body, chunk_size: 4096, top_k: '3', beta_reranker: { model: 'rerank-v2' } },
      });
    });
    await page.goto(`./datasets/${DS.faq}`);
    await expect(field(page, 'chunk_size')).toHaveAttribute('data-flagged', 'true');
    await shoot(page, 'dataset-drift-light-en');
    await page.goto(`./datasets/${DS.handbook}`);
    await expect(field(page, 'type')).toContainText('Passage');
    await field(page, 'smart_indexing_prompt').getByRole('button', { name: 'Show prompt' }).click();
    await shoot(page, 'dataset-light-en');
    await page.goto(`./datasets/${DS.handbook}?compare=${DS.faq}`);
    await expect(page.getByTestId('compare-table')).toBeVisible();
    await shoot(page, 'dataset-compare-light-en');

    await lookPreferences(page, { scheme: 'dark', locale: 'zh-CN' });
    await page.goto(`./datasets/${DS.handbook}`);
    await expect(field(page, 'type')).toContainText('段落');
    await shoot(page, 'dataset-dark-zh');
    await page.goto(`./datasets/${DS.handbook}?compare=${DS.faq}`);
    await expect(page.getByTestId('compare-table')).toBeVisible();
    await shoot(page, 'dataset-compare-dark-zh');
    await page.goto('./datasets');
    await shoot(page, 'datasets-lookup-dark-zh');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`./datasets/${DS.handbook}?compare=${DS.faq}`);
    await expect(page.getByTestId('compare-table')).toBeVisible();
    await shoot(page, 'dataset-compare-narrow', { fullPage: false });
    await page.goto(`./datasets/${DS.handbook}`);
    await expect(field(page, 'type')).toBeVisible();
    await shoot(page, 'dataset-narrow', { fullPage: false });
  });
});
