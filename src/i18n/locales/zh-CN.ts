import { composeLocale } from './compose';

// `?locale=zhCN`: the build keeps only the Chinese half of each area file (vite/locale-split-plugin.ts).
export default composeLocale(import.meta.glob<Record<string, unknown>>('../messages/*.ts', { query: '?locale=zhCN', eager: true }), 'zhCN');
