import { connectionStore } from '../../../lib';
import type { DeletionIoDeps } from '../../../removal-engine/single/io';

/** The console's connection profiles, as the removal engine's requests find them (the CLI hands in its own). */
export const connectionDeps: DeletionIoDeps = {
  profileFor: (id) => connectionStore.getState().profiles.find((p) => p.id === id) ?? null,
  activeProfileId: () => connectionStore.getState().activeId,
};

/** The profile a deletion or probe was started with; gone meanwhile (removed in Settings) is an error it reports. */
export function requireProfile(profileId: string) {
  const p = connectionDeps.profileFor(profileId);
  if (!p) throw new Error(`The connection profile "${profileId}" no longer exists.`);
  return p;
}
