import { newId } from '../lib/ids';
import type { SuiteFile } from './suite-file';
import type { ConnectionProfile } from '../lib/profiles/profile';
import { maskSecrets, urlSecrets } from '../lib/mask';
import type { SuiteRun } from './types';

export function newRunId(): string {
  // The one id generator: crypto.randomUUID exists only in secure contexts (not on plain http on a LAN).
  const random = newId();
  return `run-${random}`;
}

/** A new run, to be kept: the suite as it runs and the service it runs against — the profile's addresses, never its token. */
export function newRun(input: {
  suiteId: string;
  file: SuiteFile;
  profile: ConnectionProfile;
  concurrency: number;
  planned: number;
  only?: string[];
  rerunOf?: string;
  now?: number;
}): SuiteRun {
  const { profile } = input;
  return {
    id: newRunId(),
    suiteId: input.suiteId,
    profileId: profile.id,
    service: {
      profileName: profile.name,
      // A password written into an address is masked (`http://user:***@host`): a run is kept and reported.
      base_url: maskSecrets(profile.base_url, urlSecrets(profile.base_url)),
      secondary_url: maskSecrets(profile.secondary_url, urlSecrets(profile.secondary_url)),
      mode: profile.mode,
    },
    startedAt: input.now ?? Date.now(),
    status: 'running',
    concurrency: input.concurrency,
    suite: input.file,
    ...(input.only ? { only: input.only } : {}),
    ...(input.rerunOf ? { rerunOf: input.rerunOf } : {}),
    planned: input.planned,
    attempts: [],
  };
}
