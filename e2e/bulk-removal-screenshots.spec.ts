import { configFor, expect, serveConfig, test } from './fixtures';
import { RETIRED, retiredDocumentId, writeBulkFixture } from './support/bulk-fixture';
import { DOC } from './support/demo-ids.mjs';
import { LOOKS, lookPreferences, shoot } from './support/looks';
import { startSandbox } from './support/sandbox';
import { SCREENSHOTS_TAG } from './support/target';

/**
 * The bulk removal in every look, at 1280 and 420 px, for a person to look at: the dialog before and after the
 * check (with a refused id, an unknown id and a document of another knowledge base), the running panel, the report.
 */
for (const look of LOOKS) {
  for (const width of [1280, 420]) {
    test(
      `screenshots of the bulk removal: ${look.scheme}, ${look.locale}, ${width} px`,
      { tag: SCREENSHOTS_TAG },
      async ({ page }) => {
        test.setTimeout(120_000);
        const own = await startSandbox([
          '--fixture',
          writeBulkFixture(8, test.info().outputPath('bulk-fixture.json')),
          '--lock-wait-ms',
          '3000',
          '--purge-delay-ms',
          '1500',
        ]);
        try {
          await serveConfig(page, configFor(own));
          await lookPreferences(page, look);
          await page.setViewportSize({ width, height: 900 });
          const name = (what: string) => `bulk-${what}-${look.scheme}-${look.locale}-${width}`;
          await own.holdLock(retiredDocumentId(7), 4_000);
          await page.goto(`./knowledge/${RETIRED.knowledgeId}`);
          await expect(page.getByText(RETIRED.name).first()).toBeVisible();
          await page.getByRole('button', { name: /Remove many documents…|批量移除/ }).click();
          const dialog = page.getByRole('dialog');
          const ids = [
            ...Array.from({ length: 8 }, (_, i) => retiredDocumentId(i)),
            DOC.installation.id,
            '841506279999999',
          ];
          await dialog
            .locator('textarea')
            .first()
            .fill([...ids, 'DOC-7'].join('\n'));
          await shoot(page, name('dialog-input'), { fullPage: false });
          await dialog.getByRole('button', { name: /10/ }).click();
          await expect(dialog.getByTestId('bulk-check-summary')).toBeVisible();
          await shoot(page, name('dialog-checked'), { fullPage: false });
          await dialog.locator('input[inputmode="numeric"]').fill('9');
          await dialog.getByRole('button', { name: /9/ }).last().click();
          const batch = page.getByTestId('bulk-batch');
          await expect(batch).toBeFocused();
          await shoot(page, name('running'), { fullPage: false });
          await expect(batch).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
          await expect(page.locator('.mantine-Notification-root').first()).toBeVisible();
          await shoot(page, name('report'), { fullPage: false });
          await shoot(page, name('report-full'));
        } finally {
          await own.stop();
        }
      },
    );
  }
}
