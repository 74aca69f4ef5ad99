/**
 * Waits until `fn` holds, asking every few milliseconds (tests of timers, tabs and schedulers that move on their own);
 * past `ms` it throws, so a condition never met fails the test instead of hanging it.
 */
export async function until(fn: () => boolean | Promise<boolean>, ms = 10_000, stepMs = 5): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
