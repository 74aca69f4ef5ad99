import { useEffect, useState } from 'react';

type ProbeEvidenceModule = typeof import('./probe-evidence');

let loaded: ProbeEvidenceModule | undefined;
let loading: Promise<ProbeEvidenceModule> | undefined;

/** Loads the probe evidence's wording (./probe-evidence.ts) once; a failed load (offline) may be tried again. */
export function loadProbeEvidence(): Promise<ProbeEvidenceModule> {
  loading ??= import('./probe-evidence').then(
    (m) => (loaded = m),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The probe evidence's wording once `wanted` (an evidence disclosure opened, a report with probes shown); undefined
 * until it has loaded, and for good if it cannot (the evidence is then not shown; nothing else changes).
 */
export function useProbeEvidence(wanted: boolean): ProbeEvidenceModule | undefined {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    loadProbeEvidence().then(
      (m) => {
        if (live) setModule(m);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, module]);
  return module ?? loaded;
}
