import { serveConfig, test, expect } from './fixtures';
import { startFaultProxy } from './support/fault-proxy';
import { startSandbox } from './support/sandbox';
import { importSuite, suiteShots } from './support/suites';
import { SPACE } from './support/demo-ids.mjs';

/**
 * A suite run controlled from any tab: run in tab A, seen running in tab B (its progress), paused from B (A sends
 * nothing more: counted where the questions arrive, a proxy in front of the sandbox), resumed, stopped from B (A ends
 * it as stopped, the answers it had kept). No time-based guess: the run's lock and the tabs' channel say it all.
 */
const SLOW = { timeout: 30_000 };

test('a run in tab A is seen, paused, resumed and stopped from tab B; nothing is sent while paused', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Each answer takes seconds (300 ms between streamed deltas): the run is still going while the tabs act on it.
  const slow = await startSandbox(['--stream-delay-ms', '300']);
  const proxy = await startFaultProxy(slow.baseUrl);
  try {
    const config = {
      default_profile: 'sandbox',
      profiles: [
        {
          id: 'sandbox',
          name: 'Local sandbox',
          base_url: proxy.url,
          secondary_url: slow.secondaryUrl,
          token: slow.token,
        },
      ],
    };
    await serveConfig(page, config);
    await page.goto('./suites');
    const cases = Array.from({ length: 8 }, (_, i) => ({
      id: `q${i + 1}`,
      question: 'How much does Beacon Plus cost per month?',
      expect: { contains: ['$4.99'] },
    }));
    await importSuite(
      page,
      'Controlled from another tab.json',
      JSON.stringify({
        name: 'Controlled from another tab',
        space_id: SPACE.support,
        defaults: { stream: true },
        cases,
      }),
    );
    await page.getByRole('textbox', { name: 'Questions at once (1–8)' }).fill('1');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-progress')).toContainText('1 of 8 done', { timeout: 60_000 });

    // Tab B: the run shows as running in tab A, with its progress and the controls that ask that tab.
    const other = await page.context().newPage();
    await serveConfig(other, config);
    await other.goto(page.url());
    await expect(other.getByTestId('run-summary')).toContainText('running', SLOW);
    await expect(other.getByTestId('run-elsewhere')).toBeVisible();
    await expect(other.getByTestId('run-progress')).toContainText('of 8 done');

    // Pause from B: A pauses (both say so); the question in flight is answered, and then nothing more is sent.
    await other.getByTestId('pause-run').click();
    await expect(page.getByTestId('run-paused')).toBeVisible(SLOW);
    // The status reads paused in both tabs, not running.
    for (const tab of [page, other]) await expect(tab.locator('[data-run-status="running"]')).toHaveText('paused');
    await expect(page.getByTestId('resume-run')).toBeVisible();
    await expect(other.getByTestId('run-paused')).toHaveAttribute('data-in-flight', '0', SLOW);
    await expect(page.getByTestId('run-paused')).toHaveText(/Paused: nothing is sent until Resume/);
    const sentWhenPaused = proxy.completions();
    // One completion a session: once the last answer is recorded, every question sent is done, and no more.
    const doneWhenPaused = `${sentWhenPaused} of 8 done`;
    await expect(page.getByTestId('run-progress')).toContainText(doneWhenPaused, SLOW);
    await suiteShots(other, 'remote-run-paused');
    // A tab opened now learns the state from the running tab (asked over the channel, not guessed).
    await other.reload();
    await expect(other.getByTestId('run-paused')).toHaveAttribute('data-in-flight', '0', SLOW);
    await expect(other.getByTestId('resume-run')).toBeVisible();
    await suiteShots(page, 'run-paused-here');
    // All that time (two tabs' screenshots, a reload): not one question more reached the service.
    expect(proxy.completions()).toBe(sentWhenPaused);
    await expect(page.getByTestId('run-progress')).toContainText(doneWhenPaused);

    // Resume from B: A goes on sending.
    await other.getByTestId('resume-run').click();
    await expect(page.getByTestId('run-paused')).toHaveCount(0, SLOW);
    await expect(page.locator('[data-run-status="running"]')).toHaveText('running');
    await expect.poll(() => proxy.completions(), SLOW).toBeGreaterThan(sentWhenPaused);
    await suiteShots(other, 'remote-run-running');

    // Stop from B: A ends the run as stopped; what finished is kept, and B reads it so.
    await other.getByTestId('stop-run').click();
    await expect(page.getByTestId('run-summary')).toContainText('stopped', SLOW);
    await expect(other.getByTestId('run-summary')).toContainText('stopped', SLOW);
    const passed = Number(await page.getByTestId('count-pass').textContent());
    expect(passed).toBeGreaterThanOrEqual(1);
    expect(passed).toBeLessThan(8);
    await expect(other.getByTestId('count-pass')).toHaveText(String(passed));
    await expect(other.locator('[data-testid="result-row"] td[data-status="not_run"]')).toHaveCount(8 - passed);
    await expect(other.getByTestId('pause-run')).toHaveCount(0);
    await other.close();
  } finally {
    await proxy.stop();
    await slow.stop();
  }
});
