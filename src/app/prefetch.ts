import type { QueryClient } from '@tanstack/react-query';
import { connectionStore, datasetQuery, documentBaseQuery, documentTextsQuery, knowledgeQuery } from '../api';

/** The reads each page opened by id starts with: the same query options as the page uses, so it finds them. */
const READS: Record<string, ((client: QueryClient, id: string) => Promise<void>)[]> = {
  knowledge: [(client, id) => client.prefetchQuery(knowledgeQuery(id))],
  datasets: [(client, id) => client.prefetchQuery(datasetQuery(id))],
  documents: [
    (client, id) => client.prefetchQuery(documentBaseQuery(id)),
    (client, id) => client.prefetchQuery(documentTextsQuery(id)),
  ],
};

/**
 * Asks for the data of the page at `pathname` (below the base path) as soon as config.json is in, before the page's
 * chunk has arrived and rendered: on a cold load the request runs beside the chunks instead of after them. The page's
 * own query then finds it in flight or answered (a failure shows there, as its own would).
 */
export function prefetchPageData(client: QueryClient, pathname: string): void {
  const [area, id] = pathname.split('/').filter(Boolean);
  if (!area || !id || !connectionStore.getActiveProfile()) return;
  for (const read of READS[area] ?? []) void read(client, decodeURIComponent(id));
}
