// First: asks for the first page's chunk while the rest of the entry evaluates.
import './app/early-preload';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { authRefusals, createQueryClient } from './api';
import { connectionStore, loadConsoleConfig } from './lib';
import { App } from './app/App';
import { createLazyKeptDb } from './app/lazy-kept-db';
import { localePreference } from './app/locale-preference';
import { pathBelowBase, prefetchOnNavigation, prefetchPageData } from './app/prefetch';
import { preloadPage } from './app/page-loaders';
import { prefetchOnIntent } from './app/prefetch-on-intent';
import { initialLocale, preloadLocale } from './i18n';

/** How long the first render waits for the first page's chunk before it shows the shell without it. */
const FIRST_PAGE_WAIT_MS = 1000;
/** How much longer it waits for the page's data, once the chunk is in, before it shows the page loading it. */
const FIRST_DATA_WAIT_MS = 300;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * config.json is read before the first render, so the first request already uses the right profile.
 * If it cannot be read the console still starts, says why, and lets the admin add a profile in Settings.
 */
async function start(): Promise<void> {
  // Below the base path: /kc/knowledge/1 → /knowledge/1.
  const path = pathBelowBase(window.location.href) ?? '/';
  // config.json first (index.html preloads it), then the language's messages and the page's chunk beside it.
  const config = loadConsoleConfig(`${import.meta.env.BASE_URL}config.json`);
  const locale = initialLocale(localePreference);
  const messages = preloadLocale(locale);
  const firstPage = preloadPage(path);
  let configError: string | undefined;
  try {
    connectionStore.init(await config);
  } catch (error) {
    configError = error instanceof Error ? error.message : String(error);
    console.error(configError);
    // Still restore the profiles this browser added.
    connectionStore.init({ profiles: [] });
  }
  // Refused tokens go to the layout, which tells the admin and may open Settings (see AuthErrorWatcher).
  const queryClient = createQueryClient({ onAuthError: authRefusals.report });
  // The page's data is asked for now, not after its chunk has arrived and rendered; so is each next page's.
  const firstData = prefetchPageData(queryClient, path);
  // Opened on first use only (a page's own read, or a warm on intent): the first route loads neither IndexedDB nor
  // the console's module for it.
  const keptDb = createLazyKeptDb();
  prefetchOnNavigation({ client: queryClient, keptDb });
  // And before the navigation, on hover, focus or touch of a link (or a usable id in an id box).
  prefetchOnIntent({ client: queryClient, keptDb });
  await messages;
  // The first render shows the page itself with its data, not a loading state first (which React would keep on
  // screen for 300 ms at least), nor a render without the data and another (on a two-core machine ≈80 ms more)
  // once it is in; on a slow network or service the shell shows after the waits, with the page still loading.
  await Promise.race([firstPage, delay(FIRST_PAGE_WAIT_MS)]);
  await Promise.race([firstData, delay(FIRST_DATA_WAIT_MS)]);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App startup={{ configError }} queryClient={queryClient} keptDb={keptDb} />
    </StrictMode>,
  );
}

void start();
