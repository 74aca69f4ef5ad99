import type { StorageLike } from '../../../lib';
import { keyValueBehaviourStore, memoryBehaviourStore } from '../../../removal-engine/probe/behaviour';
import type { RowProbeDeps } from '../../../removal-engine/batch/row-probes';
import { requireProfile as profile } from '../deletion/connection-deps';
import { probeTimingSetting } from '../deletion/probe-timing';

/** The batch's probe calls (callEndpoint, logged in Activity, left out of the id catalog), loaded when first sent. */
const loadProbeIo = () => import('../../../removal-engine/batch/probe-io');

/**
 * How the console's bulk removals probe their sample for "gone from answers" (removal-engine/batch/row-probes.ts):
 * the batch's profile, what this service has shown of its behaviour (per profile, the single deletions' record
 * too), and the probe schedule setting `kc.probe-timing.v1` (the single deletions' too).
 */
export function bulkProbeDeps(storage: StorageLike | null): RowProbeDeps {
  return {
    io: (profileId) => ({
      // A probe that cannot be sent (the profile removed meanwhile) is a failed probe, never "nothing found".
      send: async (target, request) => {
        try {
          return await (await loadProbeIo()).createProbeIo(profile(profileId)).send(target, request);
        } catch (error) {
          return { ok: false, message: error instanceof Error ? error.message : String(error) };
        }
      },
      readText: async (documentId) => (await loadProbeIo()).createProbeIo(profile(profileId)).readText(documentId),
    }),
    behaviour: storage ? keyValueBehaviourStore(storage) : memoryBehaviourStore(),
    timing: probeTimingSetting(storage),
  };
}
