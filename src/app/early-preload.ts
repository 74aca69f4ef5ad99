import { pageAt, ROUTES } from './routes';

// main.tsx imports this before anything else, so it runs first of all the entry holds: the first page's chunk is
// asked for while the rest of the entry evaluates (≈150 ms on a two-core machine), instead of after. Its messages,
// config.json and the page's data follow from main.tsx; a failure here is reported by the page's own load.
window.kcEntryStarted = true;
const base = import.meta.env.BASE_URL;
const { pathname } = window.location;
if (`${pathname}/`.startsWith(base)) ROUTES[pageAt(pathname.slice(base.length - 1))].module().catch(() => undefined);
