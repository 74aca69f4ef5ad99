import { START_AREAS, type Area } from './areas';
import { importAgain } from './import-again';
import { LOCALES, type Locale } from './locales';
import { createMessageStore, type AreaLoaders, type AreaTable, type LoadedTable } from './message-store';

type Side = 'en' | 'zhCN';
type AreaModule = Record<string, unknown>;

// One lazy chunk per (language, area file). `?locale=…` makes the build keep only that language's half of
// the file (vite/locale-split-plugin.ts); without the plugin (unit tests) the module has both halves.
const modules: Record<Side, Record<string, () => Promise<AreaModule>>> = {
  en: import.meta.glob<AreaModule>('./messages/*.ts', { query: '?locale=en' }),
  zhCN: import.meta.glob<AreaModule>('./messages/*.ts', { query: '?locale=zhCN' }),
};

const isAreaMessages = (value: unknown): value is Record<Side, AreaTable> =>
  typeof value === 'object' && value !== null && 'en' in value && 'zhCN' in value;

/** The `side` table of the area file's defineMessages() export. */
function pickSide(mod: AreaModule, side: Side, file: string): AreaTable {
  const messages = Object.values(mod).find(isAreaMessages);
  if (!messages) throw new Error(`${file} exports no defineMessages({ en, zhCN }) table`);
  return messages[side];
}

/** The area each file under messages/ defines, by its name: messages/<area>.ts. */
export const areaOfFile = (file: string): string => /\/([^/]+)\.ts$/.exec(file)?.[1] ?? file;

function loadersFor(side: Side): Record<Area, () => Promise<AreaTable>> {
  const byArea: Record<string, () => Promise<AreaTable>> = {};
  for (const [file, load] of Object.entries(modules[side]))
    // importAgain: a language switch that failed on a chunk fetches it again when chosen again.
    byArea[areaOfFile(file)] = (
      (retry) => () =>
        retry().then((mod) => pickSide(mod, side, file))
    )(importAgain(load));
  // message-tables.test.ts checks that the files are exactly the areas of message-tables.ts.
  return byArea as Record<Area, () => Promise<AreaTable>>;
}

const loaders: AreaLoaders = { en: loadersFor('en'), 'zh-CN': loadersFor('zhCN') };

/** The files found under messages/, for the test that they match the areas of message-tables.ts. */
export const MESSAGE_FILES: readonly string[] = Object.keys(modules.en);

const store = createMessageStore(loaders, START_AREAS);

/** The language's messages loaded so far, or undefined before its first area arrives. */
export function loadedMessages(locale: Locale): LoadedTable | undefined {
  return store.loadedMessages(locale);
}

/** Whether every area the console has asked for is loaded in `locale`. */
export const isLocaleReady = (locale: Locale): boolean => store.isReady(locale);

/** Loads every area asked for so far in `locale` (the start-up areas at least). A failed load is retried on the next call. */
export const loadLocale = (locale: Locale): Promise<void> => store.loadLocale(locale);

/**
 * Loads `areas` in the language on screen (and, during a switch, the next one). Code that loads a module
 * whose components use these areas' keys waits for this too — see lazyWithMessages and withMessages.
 */
export const loadMessages = (areas: readonly Area[]): Promise<void> => store.loadAreas(areas);

let localesInUse: readonly Locale[] = [];

/** Called by I18nProvider: the language shown and, while a switch loads, the one it switches to. */
export const setLocalesInUse = (locales: readonly Locale[]): void => {
  localesInUse = locales;
  store.setLocalesInUse(locales);
};

/** For start-up: fetch the language's start-up areas beside config.json so the first render has its words. Never rejects. */
export function preloadLocale(locale: Locale): Promise<void> {
  setLocalesInUse([locale]);
  return store.loadLocale(locale).catch((error: unknown) => console.error(error));
}

/**
 * Fetches the chunks of `areas` in the languages in use without asking for the areas: a later loadMessages() finds
 * them fetched, and nothing waits for them or fails with them meanwhile (asking at start-up would hold the first
 * render until they arrive). For preloading a page. Never rejects.
 */
export function prefetchMessages(areas: readonly Area[]): void {
  for (const locale of localesInUse) for (const area of areas) loaders[locale][area]().catch(() => undefined);
}

// Unit tests render synchronously, so there every area of both languages is loaded before any test runs.
// (A build replaces MODE with "production" and drops this line.)
if (import.meta.env.MODE === 'test') {
  // No language is in use yet, so this only asks for every area; loadLocale then fetches them.
  await store.loadAreas(Object.keys(loaders.en) as Area[]);
  await Promise.all(LOCALES.map(loadLocale));
}
