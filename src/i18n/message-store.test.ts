import { describe, expect, it } from 'vitest';
import type { Area } from './areas';
import type { Locale } from './locales';
import { createMessageStore, type AreaLoaders, type AreaTable } from './message-store';

/** A chunk the test releases (or breaks) by hand, like a slow or vanished file on a server. */
interface Pending {
  locale: Locale;
  area: Area;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** Loaders that record every fetch and answer only when the test says so. The table says which (locale, area) it is. */
function harness() {
  const pending: Pending[] = [];
  const fetched: string[] = [];
  const loader = (locale: Locale, area: Area) => () =>
    new Promise<AreaTable>((resolve, reject) => {
      fetched.push(`${locale}/${area}`);
      pending.push({ locale, area, resolve: () => resolve({ [`${area}.word`]: `${area} in ${locale}` }), reject });
    });
  const areas: Area[] = [
    'common',
    'shell',
    'settings',
    'knowledge',
    'datasets',
    'documents',
    'conversations',
    'playground',
    'activity',
    'catalog',
  ];
  const loaders = Object.fromEntries(
    (['en', 'zh-CN'] as const).map((l) => [l, Object.fromEntries(areas.map((a) => [a, loader(l, a)]))]),
  ) as AreaLoaders;
  /** Answers every fetch waiting for `locale`/`area` (all if omitted); returns how many. */
  const release = async (match: Partial<Pick<Pending, 'locale' | 'area'>> = {}, fail?: Error) => {
    const hits = pending.filter(
      (p) => (!match.locale || p.locale === match.locale) && (!match.area || p.area === match.area),
    );
    for (const hit of hits) {
      pending.splice(pending.indexOf(hit), 1);
      if (fail) hit.reject(fail);
      else hit.resolve();
    }
    // Let the store's then-handlers run.
    await new Promise((r) => setTimeout(r, 0));
    return hits.length;
  };
  return { loaders, fetched, pending, release };
}

/** Settles to 'done' or the error's message, without waiting for it. */
function track(promise: Promise<void>) {
  const state = { value: 'pending' as string };
  promise.then(
    () => (state.value = 'done'),
    (error: Error) => (state.value = error.message),
  );
  return state;
}

describe('message store: one chunk per (language, area)', () => {
  it('start-up loads only the start-up areas of one language', async () => {
    const h = harness();
    const store = createMessageStore(h.loaders, ['common', 'shell']);
    store.setLocalesInUse(['zh-CN']);
    const start = track(store.loadLocale('zh-CN'));
    expect(h.fetched.sort()).toEqual(['zh-CN/common', 'zh-CN/shell']);
    expect(store.isReady('zh-CN')).toBe(false);
    await h.release();
    expect(start.value).toBe('done');
    expect(store.isReady('zh-CN')).toBe(true);
    expect(store.loadedMessages('zh-CN')).toEqual({ 'common.word': 'common in zh-CN', 'shell.word': 'shell in zh-CN' });
    expect(store.loadedMessages('en')).toBeUndefined();
  });

  it("a page's areas load in the language on screen, once, and the table grows in place", async () => {
    const h = harness();
    const store = createMessageStore(h.loaders, ['shell']);
    store.setLocalesInUse(['en']);
    void store.loadLocale('en');
    await h.release();
    const table = store.loadedMessages('en');
    const page = track(store.loadAreas(['knowledge']));
    const again = track(store.loadAreas(['knowledge']));
    expect(h.fetched).toEqual(['en/shell', 'en/knowledge']);
    await h.release();
    expect([page.value, again.value]).toEqual(['done', 'done']);
    // Same object: a translator made before the page loaded already knows the page's words.
    expect(store.loadedMessages('en')).toBe(table);
    expect(table?.['knowledge.word' as never]).toBe('knowledge in en');
    await store.loadAreas(['knowledge']);
    expect(h.fetched).toHaveLength(2);
  });

  it('a switch loads every area already loaded for the old language before it is ready', async () => {
    const h = harness();
    const store = createMessageStore(h.loaders, ['common', 'shell']);
    store.setLocalesInUse(['en']);
    void store.loadLocale('en');
    await h.release();
    void store.loadAreas(['datasets']);
    await h.release();

    store.setLocalesInUse(['en', 'zh-CN']);
    const zh = track(store.loadLocale('zh-CN'));
    expect(h.pending.map((p) => `${p.locale}/${p.area}`).sort()).toEqual([
      'zh-CN/common',
      'zh-CN/datasets',
      'zh-CN/shell',
    ]);
    await h.release({ area: 'common' });
    await h.release({ area: 'shell' });
    expect(zh.value).toBe('pending');
    expect(store.isReady('zh-CN')).toBe(false);
    await h.release({ area: 'datasets' });
    expect(zh.value).toBe('done');
    expect(store.isReady('zh-CN')).toBe(true);
  });

  it('a page opened during a switch loads in both languages, and the switch waits for it too', async () => {
    const h = harness();
    const store = createMessageStore(h.loaders, ['shell']);
    store.setLocalesInUse(['en']);
    void store.loadLocale('en');
    await h.release();

    store.setLocalesInUse(['en', 'zh-CN']);
    const zh = track(store.loadLocale('zh-CN'));
    const page = track(store.loadAreas(['activity']));
    expect(h.pending.map((p) => `${p.locale}/${p.area}`).sort()).toEqual([
      'en/activity',
      'zh-CN/activity',
      'zh-CN/shell',
    ]);
    await h.release({ area: 'shell' });
    // The switch's first round is done, but the page asked for "activity" meanwhile: not ready yet.
    expect(zh.value).toBe('pending');
    await h.release({ locale: 'en' });
    expect(page.value).toBe('pending');
    await h.release({ locale: 'zh-CN' });
    expect([zh.value, page.value]).toEqual(['done', 'done']);
  });

  it('a failed chunk (e.g. gone after a redeploy) fails the load and is fetched again on the next call', async () => {
    const h = harness();
    const store = createMessageStore(h.loaders, ['shell']);
    store.setLocalesInUse(['en']);
    void store.loadLocale('en');
    await h.release();

    const first = track(store.loadLocale('zh-CN'));
    await h.release({}, new Error('Failed to fetch dynamically imported module'));
    expect(first.value).toBe('Failed to fetch dynamically imported module');
    expect(store.isReady('zh-CN')).toBe(false);
    const second = track(store.loadLocale('zh-CN'));
    expect(h.fetched.filter((f) => f === 'zh-CN/shell')).toHaveLength(2);
    await h.release();
    expect(second.value).toBe('done');

    const page = track(store.loadAreas(['settings']));
    await h.release({}, new Error('gone'));
    expect(page.value).toBe('gone');
    const retry = track(store.loadAreas(['settings']));
    await h.release();
    expect(retry.value).toBe('done');
    expect(store.loadedMessages('en')?.['settings.word' as never]).toBe('settings in en');
  });

  it('before any language is declared in use, a page loads its areas in the languages already loaded', async () => {
    const h = harness();
    const store = createMessageStore(h.loaders, ['shell']);
    void store.loadLocale('zh-CN');
    await h.release();
    void store.loadAreas(['catalog']);
    expect(h.pending.map((p) => `${p.locale}/${p.area}`)).toEqual(['zh-CN/catalog']);
  });
});
