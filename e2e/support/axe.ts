import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { settle } from './settle';

/** WCAG 2.1 A and AA: the bar the console holds every page to, light and dark. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  count: number;
  /** The first elements, each with what is wrong with it. */
  targets: string[];
}

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the page, or on what `include` (a CSS selector) selects, once animations
 * have settled (a modal's fade would be measured mid-way). axe goes into the page once per document and runs there:
 * @axe-core/playwright's analyze() injects it anew each time and finishes each run in a new blank page (for
 * cross-origin frames, which the console has none of), ≈2 s a run here against ≈0.4 s. Only violations get their
 * elements described (resultTypes); every rule still runs.
 */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, scope }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } })
        .axe;
      const { violations } = await axe.run(scope ? { include: [scope] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        count: v.nodes.length,
        targets: v.nodes
          .slice(0, 8)
          .map(
            (n) =>
              `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`,
          ),
      }));
    },
    { tags: WCAG_TAGS, scope: include },
  );
}

/** Fails with the rule, impact and elements of each violation, so the report is actionable. */
export async function expectNoViolations(page: Page, label: string, include?: string): Promise<void> {
  expect(await axeViolations(page, include), `axe violations on ${label}`).toEqual([]);
}
