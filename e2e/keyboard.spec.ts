import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { DOC, KB } from './support/demo-ids.mjs';

interface FocusStop {
  /** Role-ish description of the focused element, for messages. */
  what: string;
  /** An outline, a box shadow, or (Mantine's inputs) a border in the focus colour. */
  visible: boolean;
}

/** Describes the focused element and whether it shows where focus is. */
function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(async () => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: 'body', visible: false };
    // Inputs fade their border to the focus colour: measure once the transition is over.
    const settle = (node: Element | null) =>
      Promise.all((node?.getAnimations() ?? []).map((a) => a.finished.catch(() => undefined)));
    await settle(el);
    await settle(el.nextElementSibling);
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const focusColour = getComputedStyle(probe).color;
    probe.remove();
    const shows = (node: Element | null) => {
      if (!node) return false;
      const s = getComputedStyle(node);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
      const border = parseFloat(s.borderTopWidth) > 0 && s.borderTopColor === focusColour;
      return outline || s.boxShadow !== 'none' || border;
    };
    // Mantine's switches and checkboxes hide the real input and draw the ring on the track beside it.
    const hiddenInput = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return {
      what: `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name}"`,
      visible: shows(el) || (hiddenInput && shows(el.nextElementSibling)),
    };
  });
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking that every element passed on the way shows its focus. */
async function tabTo(
  page: Page,
  target: Locator,
  maxStops = 40,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press(key);
    const stop = await focusStop(page);
    stops.push(stop);
    if (await target.evaluate((el) => el === document.activeElement)) {
      expect(
        stops.filter((s) => !s.visible),
        'focus stops without a visible focus indicator',
      ).toEqual([]);
      return stops;
    }
  }
  throw new Error(`Tab never reached the target; stops: ${stops.map((s) => s.what).join(', ')}`);
}

test('the header is reachable by Tab, every stop shows its focus, and its actions work from the keyboard', async ({
  page,
}) => {
  await page.goto('./');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const header = page.getByRole('banner');
  const toggle = header.getByRole('button', { name: 'Switch to dark theme' });
  const stops = await tabTo(page, toggle);
  const path = stops.map((s) => s.what).join(' → ');
  expect(path).toContain('Knowledge Console');
  expect(path).toContain('Search ids');
  expect(path).toContain('Connection profile');
  // The connection's health dot is a stop too (a link to Settings), so its hint is not for mouse users only.
  expect(path).toMatch(/answers: both hosts|not checked yet|checking/i);

  // Its hint shows on keyboard focus too, not only on hover, and Escape hides it (WCAG 1.4.13).
  const hint = header.locator('[data-hint]', { hasText: 'Switch to dark theme' });
  await expect(hint).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(hint).toBeHidden();
  await expect(toggle).toBeFocused();

  // The theme switch works from the keyboard, and keeps focus.
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(header.getByRole('button', { name: 'Switch to light theme' })).toBeFocused();

  await tabTo(page, header.getByRole('combobox', { name: 'Language' }), 3);
  // Then the navigation, in order, each link with its focus ring.
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Datasets' }),
    4,
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/datasets$/);
});

test('Ctrl+K opens the spotlight with its search focused, and Escape closes it', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = page.getByRole('textbox', { name: 'Search pages and known ids, or paste an id…' });
  // Its search box, the dialog's one field, has the caret and, like every other field, shows its focus (WCAG 2.4.7):
  // the border Mantine inputs draw in the focus colour.
  await expect(search).toBeFocused();
  expect(await focusStop(page), 'the spotlight search shows its focus').toMatchObject({ visible: true });
  // Arrow keys and Enter pick a page.
  await page.keyboard.type('Settings');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);

  await page.keyboard.press('Control+k');
  await expect(search).toBeFocused();
  expect(await focusStop(page), 'the spotlight search shows its focus when opened again').toMatchObject({
    visible: true,
  });
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
});

test('a document deletion can be asked for, cancelled with Escape and confirmed, all from the keyboard', async ({
  page,
  sandbox,
}) => {
  // The document stays busy, so the deletion stays pending and its header badge stays up to be reached.
  await sandbox.holdLock(DOC.battery.id, 60_000);
  const deletes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE') deletes.push(r.url());
  });
  await page.goto(`./knowledge/${KB.handbook}`);
  await expect(page.getByTestId('knowledge-name')).toBeVisible();

  const idInput = page.getByRole('combobox', { name: 'Document id' });
  await tabTo(page, idInput, 60);
  await page.keyboard.type(DOC.battery.id);
  // Past the suggestions to the button beside the input.
  await page.keyboard.press('Escape');
  const submit = page.getByRole('button', { name: 'Delete…' });
  await tabTo(page, submit, 3);
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Delete this document?' });
  await expect(dialog.getByTestId('confirm-document')).toContainText(DOC.battery.name);
  // Focus moved into the dialog and stays there.
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  const confirm = dialog.getByRole('button', { name: 'Delete document' });
  await tabTo(page, confirm, 6);

  // Escape cancels: nothing is sent and focus goes back to the button that opened the dialog.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(submit).toBeFocused();
  expect(deletes).toEqual([]);

  // Open again and confirm with Enter.
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('confirm-document')).toContainText(DOC.battery.name);
  await tabTo(page, confirm, 6);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect.poll(() => deletes.length).toBe(1);
  expect(deletes[0]).toContain(`/v1/knowledge/${KB.handbook}/document/${DOC.battery.id}`);

  // The header's pending-deletions badge is a link a keyboard user can reach, with its focus ring.
  const indicator = page.getByTestId('pending-deletions-indicator');
  await expect(indicator).toBeVisible();
  await tabTo(page, indicator, 80, 'Shift+Tab');
  await sandbox.releaseLock(DOC.battery.id);
});
