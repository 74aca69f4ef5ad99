import { composeLocale } from './compose';

// `?locale=en`: the build keeps only the English half of each area file (vite/locale-split-plugin.ts).
export default composeLocale(import.meta.glob<Record<string, unknown>>('../messages/*.ts', { query: '?locale=en', eager: true }), 'en');
