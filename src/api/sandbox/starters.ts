import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { CatalogKind } from '../../lib/catalog/types';
import type { ConnectionProfile } from '../../lib/profiles/profile';
import { send } from '../http/transport';
import { sandboxDemoQuery } from './detect';

/** Where the sandbox serves the starting points of the fixture it runs (base host, with the token). */
export const STARTERS_PATH = '/__sandbox/starters';

/** A record a new admin can start from; its name is data (not translated). */
export interface Starter {
  id: string;
  name: string;
  /** A document's knowledge base. */
  knowledgeId?: string;
  /** A space's sample questions. */
  questions?: readonly string[];
}

export type Starters = Readonly<Record<CatalogKind, readonly Starter[]>>;

const EMPTY: Starters = { knowledge: [], dataset: [], document: [], conversation: [], agent: [], space: [] };
const KINDS = Object.keys(EMPTY) as CatalogKind[];

const text = (v: unknown, max = 512): string | undefined =>
  typeof v === 'string' && v.trim() && v.length <= max ? v : undefined;

/** Reads the sandbox's answer leniently: a malformed entry is dropped, never the whole list. */
export function startersOf(body: unknown): Starters {
  if (!body || typeof body !== 'object') return EMPTY;
  const out: Record<CatalogKind, Starter[]> = { ...EMPTY } as Record<CatalogKind, Starter[]>;
  for (const kind of KINDS) {
    const list = (body as Record<string, unknown>)[kind];
    if (!Array.isArray(list)) continue;
    out[kind] = list.flatMap((item): Starter[] => {
      const r = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
      const id = text(r.id, 256);
      if (!id || !/^[^/\s?#]+$/.test(id)) return [];
      const questions = Array.isArray(r.questions) ? r.questions.flatMap((q) => text(q, 500) ?? []) : undefined;
      const knowledgeId = text(r.knowledge_id, 256);
      return [
        {
          id,
          name: text(r.name) ?? id,
          ...(knowledgeId ? { knowledgeId } : {}),
          ...(questions ? { questions } : {}),
        },
      ];
    });
  }
  return out;
}

async function fetchStarters(profile: ConnectionProfile, signal?: AbortSignal): Promise<Starters> {
  const { status, text: body } = await send({
    profile,
    host: 'base',
    method: 'GET',
    path: STARTERS_PATH,
    signal,
    timeoutMs: 8_000,
    label: 'Sandbox starting points',
    purpose: 'sandbox-starters',
  });
  if (status !== 200) return EMPTY;
  try {
    return startersOf(JSON.parse(body));
  } catch {
    return EMPTY;
  }
}

/**
 * The running sandbox's starting points (null: the profile is not a sandbox). Asked only after the profile answered
 * as one (the shared detection), so a real service never sees this path; once per profile and page load.
 */
export function sandboxStartersQuery(profile: ConnectionProfile) {
  return queryOptions({
    queryKey: ['sandbox-starters', profile.id, profile.base_url],
    queryFn: async ({ signal, client }): Promise<Starters | null> => {
      const suite = await client.fetchQuery(sandboxDemoQuery(profile)).catch(() => null);
      return suite === null ? null : fetchStarters(profile, signal);
    },
    retry: false,
    staleTime: Infinity,
  });
}

/** The starting points for a sandbox profile, else null (undefined while unknown). */
export function useSandboxStarters(
  profile: ConnectionProfile | null | undefined,
  { enabled = true }: { enabled?: boolean } = {},
): Starters | null | undefined {
  const query = useQuery(
    profile && enabled
      ? sandboxStartersQuery(profile)
      : { queryKey: ['sandbox-starters', profile?.id ?? '', profile?.base_url ?? ''], queryFn: skipToken },
  );
  if (!profile) return null;
  if (query.isSuccess) return query.data;
  return query.isError ? null : undefined;
}

/** A starter's name by kind and id, for labelling an id the catalog met without one. */
export function starterName(starters: Starters | null | undefined, kind: CatalogKind, id: string): string | undefined {
  return starters?.[kind].find((s) => s.id === id)?.name;
}
