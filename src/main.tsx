import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectionStore, loadConsoleConfig } from './api';
import { App } from './app/App';
import { localePreference } from './app/locale-preference';
import { initialLocale, preloadLocale } from './i18n';

/**
 * config.json is read before the first render, so the first request already uses the right profile.
 * If it cannot be read the console still starts, says why, and lets the admin add a profile in Settings.
 */
async function start(): Promise<void> {
  // The language's messages are their own chunk: fetched beside config.json, so the first render has its words.
  const messages = preloadLocale(initialLocale(localePreference));
  let configError: string | undefined;
  try {
    connectionStore.init(await loadConsoleConfig(`${import.meta.env.BASE_URL}config.json`));
  } catch (error) {
    configError = error instanceof Error ? error.message : String(error);
    console.error(configError);
    // Still restore the profiles this browser added.
    connectionStore.init({ profiles: [] });
  }
  await messages;
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App startup={{ configError }} />
    </StrictMode>,
  );
}

void start();
