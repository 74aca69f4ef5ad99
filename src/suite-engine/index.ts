/**
 * Space test suites: the engine the console and `npm run suite` share — the suite file format, planning, the run,
 * assertions, results, exports. No UI and Node-safe: nothing here touches React, the DOM or IndexedDB at load
 * (scripts/check-boundaries.mjs holds it to that). Import it through this file.
 */
export * from './suite-file';
export { evaluate, topScore, type AnswerFacts } from './assertions';
export { tokenF1 } from './similarity';
export {
  GRADER_BOUNDS,
  gradeRubric,
  graderEndpoint,
  parseVerdict,
  retryWaitMs,
  type Grader,
  type RubricVerdict,
} from './grader';
export {
  buildBody,
  mergedOptions,
  newSuiteSessionId,
  outcomeKey,
  planAttempts,
  runSize,
  RunTooLargeError,
  type PlannedAttempt,
  type RunSize,
} from './plan';
export { askOnce, STORED_RESPONSE_CHARS, type CompletionAnswer } from './send';
export { clampConcurrency, runSuite, type RunSuiteInput, type RunSuiteOutput } from './run';
export {
  FORGOTTEN_USER,
  forgottenCaseId,
  forgottenSuiteId,
  ForgottenSuiteFullError,
  parseForgottenMark,
  rememberForgotten,
  withForgotten,
  type ForgottenEntry,
  type ForgottenMark,
  type ForgottenSuiteRow,
} from './forgotten';
export {
  createRunControl,
  RUN_CONTROL_START,
  runControlReducer,
  type RunControl,
  type RunControlEvent,
  type RunControlState,
  type RunPhase,
} from './run-control';
export {
  attemptLatency,
  attemptTokens,
  attemptRetrieval,
  caseOutcome,
  caseOutcomes,
  percentile,
  failedKeys,
  median,
  outcomeTally,
  runSuiteOf,
  summarize,
  trend,
  type OutcomeTally,
  type RunSummary,
  type TrendPoint,
} from './results';
export {
  compareOutcomes,
  compareWithBaseline,
  DELTA_NAMES,
  editedKeys,
  rejudge,
  VERDICT_TABLE,
  VERDICTS,
  verdictOf,
  type BaselineCase,
  type BaselineComparison,
  type BaselineRow,
  type BaselineSide,
  type CaseComparison,
  type CompareStatus,
  type Comparison,
  type DeltaName,
  type EditState,
  type MetricDelta,
  type SideStatus,
  type Verdict,
} from './compare';
export {
  runCsvChunks,
  runJsonChunks,
  runJunitChunks,
  runMetrics,
  runToCsv,
  runToJson,
  runToJunit,
  type RunMetrics,
} from './export';
export { cutAnswer, REPORT_ANSWER_CHARS, withDetails, type DetailsOf } from './report-case';
export {
  answersFileOf,
  attemptKey,
  joinAttempt,
  linesOf,
  readRunFile,
  RUN_FILE_FORMAT,
  RUN_FILE_VERSION,
  splitAttempt,
  type AttemptDetails,
  type RunFileRead,
} from './run-file';
export { GraderCache, graderCacheKey, graderCacheOf, type GraderCacheEntry } from './grader-cache';
export { regradeRun, type NotRegraded, type RegradeInput, type RegradeOutput } from './regrade';
export {
  documentIdOf,
  documentIdText,
  meanRetrieval,
  rankedDocuments,
  retrievalScore,
  type RetrievalScore,
} from './retrieval';
export { demoSuiteOf } from './demo';
export type * from './types';
export { newRunId, newRun } from './new-run';
export { parseSuiteCsv, suiteToCsv } from './suite-csv';
export { checkGates, readBaselineJson, type GateName, type GateResult, type Gates } from './baseline';
export { runHtmlChunks, runToHtml, type HtmlExtra } from './report-html';
export { DEFAULT_MIN_PASS_RATE, gateVerdict, runGateVerdict, suiteGates, type GateVerdict } from './gate';
export {
  fetchPublishedText,
  parsePublishedIndex,
  publishedFormatOf,
  publishedUrl,
  type PublishedEntry,
  type PublishedFormat,
  type PublishedIndex,
} from './published';
export {
  isPromptfooConfig,
  KC_METADATA,
  noteLine,
  promptfooToSuite,
  SIMILAR_WHY,
  type ImportNote,
  type PromptfooImport,
  type PromptfooInput,
} from './import/promptfoo';
export { isSamplesRow, samplesToSuite, type SamplesFormat, type SamplesImport } from './import/ragas';
export { suiteToPromptfoo, type PromptfooExport } from './export-promptfoo';
export { otherToolOf, type OtherToolFile } from './import/detect';
export { caseHash, parseShard, SHARD_COUNT_MAX, shardKeys, shardLabel, shardOfCase } from './shard';
export { mergeRuns, type MergePart, type MergeResult } from './merge';
export { readRunJson } from './run-file';
export { dryRunPlan, type DryRunPlan, type DryRunRow } from './dry-run';
export { tokenBudget } from './token-budget';
export { flakyCases, type FlakyCase } from './flaky';
export { flippingCases, type FlippingCase } from './flipping';
export {
  addAnswerCase,
  caseFromAnswer,
  caseIdFor,
  newSuiteFromAnswer,
  newSuiteId,
  parseKeptSuite,
  type AnswerForCase,
  type CaseAdded,
  type KeptSuite,
} from './kept-suite';
export { KEPT_SUITES_QUERY_ROOT } from './kept-suites-key';
