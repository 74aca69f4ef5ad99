import { callEndpoint } from '../../../api/http/client';
import { loadRetrievalProbe } from '../../../api/completion';
import { type KeptDb, type StorageLike } from '../../../lib';
import { createTabCoordinator } from '../../../lib/tabs/cross-tab';
import { keptLeaseStore } from '../../../lib/tabs/lease';
import {
  createProbeRunner,
  keyValueBehaviourStore,
  memoryBehaviourStore,
  type BehaviourStore,
  type GoneFromAnswers,
  type ProbeAnswer,
  type ProbeRunner,
  type ProbeRunnerDeps,
  type ProbeTabMessage,
} from '../../../removal-engine/probe';
import { requireProfile as profile } from './connection-deps';
import { probeTimingSetting } from './probe-timing';
import { keptProbeRuns } from './lazy-probes';

/**
 * The console's probe runner and what only it needs (the driver, attribution, the completion call), loaded by the
 * deletion runtime when first needed (lazy-probes.ts), not with it.
 */

/** One probe through the console's completion runner (logged in Activity); a failure is an answer, never thrown. */
async function send(
  target: { profileId: string; spaceId: string },
  request: { question: string; datasetId?: string; documentId?: string },
): Promise<ProbeAnswer> {
  const { runRetrievalProbe } = await loadRetrievalProbe();
  const { outcome } = await runRetrievalProbe({
    profile: profile(target.profileId),
    spaceId: target.spaceId,
    probe: { question: request.question, datasetId: request.datasetId ?? '', documentId: request.documentId },
  });
  const tokens = outcome.usage?.total_tokens;
  if (outcome.ending !== 'answered')
    return {
      ok: false,
      status: outcome.httpStatus,
      message: outcome.error?.message ?? `The probe ended ${outcome.ending.replace('_', ' ')}.`,
      tokens,
    };
  return {
    ok: true,
    assistantMessage: outcome.result?.assistant_message ?? outcome.text,
    chunks: outcome.sources,
    tokens,
  };
}

async function readText(profileId: string, documentId: string): Promise<string[]> {
  const { record } = await callEndpoint('getDocumentTexts', {
    params: { document_id: documentId },
    profile: profile(profileId),
  });
  return record.document_contents ?? [];
}

/** The console's probe dependencies: its completion runner, the full-text read, localStorage. */
export function consoleProbeDeps(storage: StorageLike | null): Omit<ProbeRunnerDeps, 'onGoneFromAnswers'> {
  const behaviour: BehaviourStore = storage ? keyValueBehaviourStore(storage) : memoryBehaviourStore();
  return { send, readText, behaviour, storage: keptProbeRuns(storage), timing: probeTimingSetting(storage) };
}

/** The probes' own channel between tabs (a run's steps); their locks are Web Locks, else leases in keptDb. */
export const PROBES_CHANNEL = 'kc.probes.v1';

export interface ConsoleProbeOptions {
  storage: StorageLike | null;
  keptDb: KeptDb | null;
  /** false: this tab probes every run it has (no other tabs: a test). */
  tabs: boolean;
  onGoneFromAnswers?: (evidence: GoneFromAnswers) => void;
}

/** The console's runner: its completion call, localStorage, and the other tabs (one tab probes each run). */
export function createConsoleProbeRunner(options: ConsoleProbeOptions): ProbeRunner {
  const tabs = options.tabs
    ? createTabCoordinator<ProbeTabMessage>({
        channelName: PROBES_CHANNEL,
        leases: options.keptDb ? keptLeaseStore(options.keptDb) : null,
      })
    : null;
  const runner = createProbeRunner({
    ...consoleProbeDeps(options.storage),
    tabs,
    onGoneFromAnswers: options.onGoneFromAnswers,
  });
  return {
    ...runner,
    stop() {
      runner.stop();
      tabs?.close();
    },
  };
}
