import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { settle } from './support/settle';
import { SCREENSHOTS_TAG } from './support/target';
import { CONVERSATION, DOC, SPACE } from './support/demo-ids.mjs';

// The pages issue 35's audit and snags touched, in light and dark, at 1280 and 420 px, in English and Chinese.

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/first-hour-audit/${name}.png` });

for (const scheme of ['light', 'dark'] as const) {
  for (const locale of ['en', 'zh-CN'] as const) {
    for (const width of [1280, 420] as const) {
      const tag = `${scheme}-${locale}-${width}`;
      test(
        `screenshot: audit, activity, settings, playground, suite editor, document, ${tag}`,
        { tag: SCREENSHOTS_TAG },
        async ({ page }) => {
          test.setTimeout(120_000);
          await page.setViewportSize({ width, height: 900 });
          await page.emulateMedia({ colorScheme: scheme });
          await page.addInitScript((l) => localStorage.setItem('kc.locale', l), locale);
          await page.addInitScript(() => localStorage.setItem('kc.operator', 'Ana Admin'));

          // A conversation update: an audit entry and a request.
          await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
          await page.locator('input[name="title"]').fill('Audited rename');
          await page.locator('button[type="submit"]').click();
          await expect(page.getByTestId('conversation-result')).toBeVisible();
          await shot(page, `header-${tag}`);

          await page.goto('./activity?view=audit');
          await expect(page.getByTestId('audit-row')).toHaveCount(1);
          await settle(page);
          await shot(page, `audit-${tag}`);
          await page.goto('./activity');
          await expect(page.getByTestId('activity-row').first()).toBeVisible();
          await settle(page);
          await shot(page, `activity-${tag}`);

          await page.goto('./settings');
          await page.locator('#activity-settings').scrollIntoViewIfNeeded();
          await settle(page);
          await shot(page, `settings-${tag}`);

          await page.goto(`./playground/${SPACE.support}`);
          await page.getByTestId('sample-question').first().focus();
          await page.keyboard.press('Enter');
          await expect(page.getByTestId('answer').last()).toHaveAttribute('data-status', 'done');
          await settle(page);
          await shot(page, `playground-${tag}`);

          await page.goto('./suites');
          await page.getByRole('link', { name: locale === 'en' ? 'New suite' : '新建测试集' }).click();
          await page.getByTestId('case-row').first().locator('button[aria-expanded]').click();
          const similarity = page.getByTestId('case-more').locator('input[name$="similar_min"]');
          await similarity.fill('1.5');
          await similarity.press('Tab');
          await expect(similarity).toHaveAttribute('aria-invalid', 'true');
          await similarity.scrollIntoViewIfNeeded();
          await settle(page);
          await shot(page, `suite-editor-${tag}`);

          await page.goto(`./documents/${DOC.battery.id}`);
          await expect(page.getByTestId('piece-row').first()).toBeVisible();
          await settle(page);
          await shot(page, `document-${tag}`);
        },
      );
    }
  }
}
