import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { authRefusals, connectionStore, createQueryClient, loadConsoleConfig } from './api';
import { App } from './app/App';
import { localePreference } from './app/locale-preference';
import { pathBelowBase, prefetchOnNavigation, prefetchPageData } from './app/prefetch';
import { preloadPage } from './app/page-loaders';
import { initialLocale, preloadLocale } from './i18n';

/**
 * config.json is read before the first render, so the first request already uses the right profile.
 * If it cannot be read the console still starts, says why, and lets the admin add a profile in Settings.
 */
async function start(): Promise<void> {
  // Below the base path: /kc/knowledge/1 → /knowledge/1.
  const path = pathBelowBase(window.location.href) ?? '/';
  // config.json first (index.html preloads it), then the language's messages and the page's chunk beside it.
  const config = loadConsoleConfig(`${import.meta.env.BASE_URL}config.json`);
  const messages = preloadLocale(initialLocale(localePreference));
  preloadPage(path);
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
  prefetchPageData(queryClient, path);
  prefetchOnNavigation(queryClient);
  await messages;
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App startup={{ configError }} queryClient={queryClient} />
    </StrictMode>,
  );
}

void start();
