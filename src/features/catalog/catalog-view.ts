import { CATALOG_KINDS, type CatalogEntry, type CatalogKind } from '../../lib';
import { paths } from '../../config/paths';

/** The console page of an id, when its kind has one (agents have none). */
export function routeFor(kind: CatalogKind, id: string): string | undefined {
  switch (kind) {
    case 'knowledge':
      return paths.knowledgeBase.href(id);
    case 'dataset':
      return paths.dataset.href(id);
    case 'document':
      return paths.document.href(id);
    case 'conversation':
      return paths.conversation.href(id);
    case 'space':
      return paths.playgroundSpace.href(id);
    case 'agent':
      return undefined;
  }
}

/** The kinds an unknown id can be opened as (each has a page that reads by id). */
export const OPENABLE_KINDS = [
  'knowledge',
  'dataset',
  'document',
  'conversation',
] as const satisfies readonly CatalogKind[];

/** Case-insensitive match on id, label and (given) kind name; every word of the query must match. */
export function entryMatches(entry: CatalogEntry, query: string, kindName = ''): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = `${entry.id} ${entry.label ?? ''} ${kindName} ${entry.kind}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

export interface KindGroup {
  kind: CatalogKind;
  entries: CatalogEntry[];
}

/** Entries grouped by kind in a fixed order, pinned first, then most recently seen; empty groups left out. */
export function groupByKind(
  entries: readonly CatalogEntry[],
  query: string,
  kindName: (k: CatalogKind) => string = (k) => k,
): KindGroup[] {
  const groups: KindGroup[] = [];
  for (const kind of CATALOG_KINDS) {
    const list = entries
      .filter((e) => e.kind === kind && entryMatches(e, query, kindName(kind)))
      .sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.lastSeenAt - a.lastSeenAt);
    if (list.length > 0) groups.push({ kind, entries: list });
  }
  return groups;
}

/**
 * A query that looks like an id (one token, no spaces) and is not known yet under any kind:
 * the spotlight then offers to open it as each openable kind.
 */
export function unknownIdCandidate(query: string, entries: readonly CatalogEntry[]): string | undefined {
  const q = query.trim();
  if (!q || /\s/.test(q) || q.length > 256) return undefined;
  return entries.some((e) => e.id === q) ? undefined : q;
}
