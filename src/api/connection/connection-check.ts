import type { Host } from '../../contract';
import { catalogStore } from '../../lib/catalog';
import type { CatalogKind } from '../../lib/catalog/types';
import type { Starters } from '../sandbox/starters';
import { hostAnswers, type HostCheck } from './host-answers';
import type { ConnectionProfile } from '../../lib/profiles/profile';
import { checkHost } from './test-connection';

const HOSTS: readonly Host[] = ['base', 'secondary'];

/** The kind of record each host is probed with (test-connection.ts's PROBES). */
const PROBE_KIND: Record<Host, CatalogKind> = { base: 'dataset', secondary: 'knowledge' };

/** A record of this kind the console has read or been shown under the profile: reading it again answers 200. */
function knownId(profile: ConnectionProfile, kind: CatalogKind): string | undefined {
  const seen = catalogStore.list(profile.id, kind);
  return (seen.find((e) => e.lastRecord !== undefined) ?? seen[0])?.id;
}

export interface ConnectionCheckOptions {
  signal?: AbortSignal;
  /** An answer of the host this recent is taken as the check (the header re-checks every minute). */
  maxAgeMs: number;
  /** The running sandbox's starting points, or null when the profile is not a sandbox. */
  sandboxStarters(): Promise<Starters | null>;
}

/**
 * The header's check of a profile, without a request that fails where one can be avoided. First the calls in flight
 * (a page's first reads) end: a host that answered one needs no probe, its answer says whether it took the token.
 * A host not heard from is probed once, with a harmless read that answers 200: for the sandbox one of the records it
 * holds now (its starting points: an id met earlier may belong to another fixture, or be deleted), else a record the
 * console has met under this profile (the catalog); only with neither is it the id no record has (a 404, which the
 * browser's console shows in red).
 */
export async function checkConnection(
  profile: ConnectionProfile,
  { signal, maxAgeMs, sandboxStarters }: ConnectionCheckOptions,
): Promise<Record<Host, HostCheck>> {
  await hostAnswers.settled(profile);
  // The answers' ids reach the catalog right after their calls end.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const checks = await Promise.all(
    HOSTS.map(async (host) => {
      const heard = hostAnswers.heard(profile, host, maxAgeMs);
      if (heard) return heard;
      const starters = await sandboxStarters();
      const id = starters ? starters[PROBE_KIND[host]][0]?.id : knownId(profile, PROBE_KIND[host]);
      return checkHost(profile, host, { signal, id });
    }),
  );
  return { base: checks[0]!, secondary: checks[1]! };
}
