import type { Area } from './areas';
import type { MessageKey } from './message-tables';
import type { Locale } from './locales';

/** One language's half of one area file. */
export type AreaTable = Readonly<Record<string, string>>;

/** Fetches one (language, area) table: in the app a lazy chunk each, in tests anything that returns a promise. */
export type AreaLoaders = Record<Locale, Record<Area, () => Promise<AreaTable>>>;

/** The messages of one language loaded so far: it grows as areas arrive, never shrinks. */
export type LoadedTable = Readonly<Partial<Record<MessageKey, string>>>;

export interface MessageStore {
  /** The language's messages loaded so far, or undefined before its first area arrives. */
  loadedMessages(locale: Locale): LoadedTable | undefined;
  /** Whether every area asked for so far is loaded in `locale`, i.e. it can be shown without a raw key. */
  isReady(locale: Locale): boolean;
  /**
   * Loads, in `locale`, every area asked for so far — including areas asked for while this runs — so a
   * language switch shows only once every page on screen (or loading) has its words.
   */
  loadLocale(locale: Locale): Promise<void>;
  /** Asks for `areas`: loads them in every language in use (the one shown and, during a switch, the next). */
  loadAreas(areas: readonly Area[]): Promise<void>;
  /** The languages the console shows or is switching to; later loadAreas() calls fetch these. */
  setLocalesInUse(locales: readonly Locale[]): void;
}

/**
 * The message tables, loaded per (language, area). Each table is fetched once; a failed fetch (e.g. a chunk
 * gone after a redeploy) is not remembered, so the next call tries again.
 */
export function createMessageStore(loaders: AreaLoaders, startAreas: readonly Area[]): MessageStore {
  const tables = new Map<Locale, Record<string, string>>();
  const loaded = new Map<Locale, Set<Area>>();
  const inFlight = new Map<string, Promise<void>>();
  // Areas asked for since start-up, in any language: a switch must bring all of them along.
  const requested = new Set<Area>(startAreas);
  let inUse: readonly Locale[] = [];

  const isLoaded = (locale: Locale, area: Area) => loaded.get(locale)?.has(area) === true;

  function loadArea(locale: Locale, area: Area): Promise<void> {
    if (isLoaded(locale, area)) return Promise.resolve();
    const id = `${locale}/${area}`;
    let promise = inFlight.get(id);
    if (!promise) {
      const load = loaders[locale][area];
      if (!load) return Promise.reject(new Error(`no messages for area "${area}" in ${locale}`));
      promise = load().then(
        (table) => {
          // In place: a translator made earlier for this language sees the new keys.
          let merged = tables.get(locale);
          if (!merged) tables.set(locale, (merged = {}));
          Object.assign(merged, table);
          let areas = loaded.get(locale);
          if (!areas) loaded.set(locale, (areas = new Set()));
          areas.add(area);
          inFlight.delete(id);
        },
        (error: unknown) => {
          inFlight.delete(id);
          throw error;
        },
      );
      inFlight.set(id, promise);
    }
    return promise;
  }

  const loadIn = (locale: Locale, areas: Iterable<Area>) =>
    Promise.all([...areas].map((area) => loadArea(locale, area))).then(() => undefined);

  return {
    loadedMessages: (locale) => tables.get(locale) as LoadedTable | undefined,
    isReady: (locale) => [...requested].every((area) => isLoaded(locale, area)),
    async loadLocale(locale) {
      // Each round loads what is missing now; an area asked for meanwhile shows up in the next round.
      for (;;) {
        const missing = [...requested].filter((area) => !isLoaded(locale, area));
        if (missing.length === 0) return;
        await loadIn(locale, missing);
      }
    },
    loadAreas(areas) {
      for (const area of areas) requested.add(area);
      // Before any language is declared in use, the languages with words loaded are the ones that can show.
      const locales = inUse.length > 0 ? inUse : [...tables.keys()];
      return Promise.all(locales.map((locale) => loadIn(locale, areas))).then(() => undefined);
    },
    setLocalesInUse(locales) {
      inUse = [...new Set(locales)];
    },
  };
}
