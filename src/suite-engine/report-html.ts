import type { BaselineComparison, BaselineRow, GateResult } from './baseline';
import type { Verdict } from './compare';
import { runMetrics } from './export';
import { flakyCases } from './flaky';
import { caseOutcomes, runSuiteOf, summarize } from './results';
import { cutNote, reportTurns, REPORT_ANSWER_CHARS, withDetails, type DetailsOf } from './report-case';
import type { CaseOutcome, SuiteRun } from './types';

const html = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
const pct = (n: number | null | undefined) => (n === null || n === undefined ? '–' : `${(n * 100).toFixed(1)}%`);
const num = (n: number | null | undefined, digits = 3) =>
  n === null || n === undefined ? '–' : String(Number(n.toFixed(digits)));
const ms = (n: number | null | undefined) => (n === null || n === undefined ? '–' : `${Math.round(n)} ms`);
const signed = (n: number | null, f: (n: number) => string) => (n === null ? '–' : `${n > 0 ? '+' : ''}${f(n)}`);

/** Rates as percentages, MRR as a number: as the cards above show them. */
const gateValue = (name: GateResult['name'], n: number | null) => (name === 'min_mrr' ? num(n) : pct(n));

// Inline, and nothing else: the report is opened from a CI job's artifacts, offline, without scripts.
const STYLE = `
:root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--muted:#5b6470;--line:#d8dde3;--pass:#1a7f37;--fail:#cf222e;--warn:#9a6700}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9aa4ae;--line:#30363d;--pass:#3fb950;--fail:#f85149;--warn:#d29922}}
body{font:14px/1.45 system-ui,sans-serif;color:var(--fg);background:var(--bg);margin:2rem auto;max-width:72rem;padding:0 1rem}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}.muted{color:var(--muted)}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.pass{color:var(--pass);font-weight:600}.fail,.error{color:var(--fail);font-weight:600}.not_run,.missing{color:var(--muted)}.flaky,.edited{color:var(--warn)}.note{color:var(--muted);font-weight:400;font-size:12px}
.cards{display:flex;flex-wrap:wrap;gap:.75rem}.card{border:1px solid var(--line);border-radius:6px;padding:.5rem .9rem;min-width:8rem}
.card b{display:block;font-size:1.3rem}pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0;font-size:12px}
.q{color:var(--muted);overflow-wrap:anywhere}tr.x td{border-bottom-width:2px}details>*{margin:.3rem 0}summary{cursor:pointer;color:var(--muted)}`;

function failureLines(o: CaseOutcome): string {
  const lines: string[] = [];
  for (const a of o.attempts)
    for (const [i, t] of a.turns.entries()) {
      const where = `${o.planned > 1 ? `repetition ${a.repetition}, ` : ''}${i ? `follow-up ${i}` : 'question'}`;
      if (t.error) lines.push(`${where}: ${t.error.message}`);
      // A rubric's verdict and reason are shown when it passed too: people read why the grader agreed.
      for (const x of t.assertions) if (!x.ok || x.key === 'rubric') lines.push(`${where}: ${x.key}: ${x.detail}`);
    }
  return lines.join('\n');
}

const statusText = (s: string) => html(s.replace('_', ' '));

/**
 * One section per verdict, as the console's compare page and the CLI list them: each case × variant in exactly one.
 * Regressions and improvements are always shown (a 0 is an answer); the others when they hold a case. An edited case
 * says so, with its baseline outcome judged again under today's expectations, or why it could not be.
 */
const VERDICT_SECTIONS: readonly {
  verdict: Verdict;
  title: string;
  rows: (b: BaselineComparison) => readonly BaselineRow[];
  hint?: string;
  always?: boolean;
}[] = [
  { verdict: 'regression', title: 'Regressions', rows: (b) => b.regressions, always: true },
  { verdict: 'improvement', title: 'Improvements', rows: (b) => b.improvements, always: true },
  { verdict: 'still_failing', title: 'Still failing', rows: (b) => b.stillFailing },
  {
    verdict: 'edited',
    title: 'Edited, not judged again',
    rows: (b) => b.edited,
    hint: "The case changed and the baseline's answers could not be judged again: no verdict either way.",
  },
  {
    verdict: 'error',
    title: 'Errors',
    rows: (b) => b.errors,
    hint: 'The service or the grader could not be asked: not judged, never a regression.',
  },
  { verdict: 'not_run', title: 'Not run', rows: (b) => b.notRun },
  { verdict: 'new', title: 'New', rows: (b) => b.onlyCurrent, hint: 'Not in the baseline.' },
  {
    verdict: 'removed',
    title: 'Removed',
    rows: (b) => b.onlyBaseline,
    hint: 'In the baseline, no longer in the suite.',
  },
  { verdict: 'unchanged', title: 'Unchanged', rows: (b) => b.unchanged, always: true },
];

function verdictRow(r: BaselineRow): string {
  const edited = r.edited
    ? ` <span class="edited">edited</span>${r.note ? `<div class="note">${html(r.note)}</div>` : ''}`
    : '';
  const then = r.rejudged ?? r.baseline;
  const again = r.rejudged
    ? `<div class="note">ran ${statusText(r.baseline)}, judged again ${statusText(r.rejudged)}</div>`
    : '';
  return `<tr data-verdict="${r.verdict}"><td>${html(r.caseId)}${edited}</td><td>${html(r.variantId)}</td><td class="${then}">${statusText(then)}${again}</td><td class="${r.current}">${statusText(r.current)}</td></tr>`;
}

function verdictSection(title: string, verdict: Verdict, rows: readonly BaselineRow[], hint?: string): string {
  const head = `<h3>${title} (${rows.length})</h3>${hint ? `<p class="muted">${hint}</p>` : ''}`;
  const table = rows.length
    ? `<table><tr><th>Case</th><th>Variant</th><th>Baseline</th><th>Now</th></tr>${rows.map(verdictRow).join('')}</table>`
    : '';
  return `<section data-verdict="${verdict}">${head}${table}</section>`;
}

const verdictSections = (b: BaselineComparison) =>
  VERDICT_SECTIONS.filter((s) => s.always || s.rows(b).length > 0).map((s) =>
    verdictSection(s.title, s.verdict, s.rows(b), s.hint),
  );

/**
 * One self-contained HTML page for people to read from a CI job: the metrics, the gates, the comparison with a
 * baseline, and every case. No external requests and no scripts; the text of answers and questions is escaped.
 */
export function* runHtmlChunks(run: SuiteRun, extra: HtmlExtra = {}): Generator<string> {
  const suite = runSuiteOf(run);
  const outcomes = suite ? caseOutcomes(suite, run.attempts, run.only) : [];
  const s = summarize(outcomes);
  const m = runMetrics(s);
  const card = (label: string, value: string) =>
    `<div class="card"><span class="muted">${label}</span><b>${value}</b></div>`;
  const parts = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`,
    `<title>${html(run.suite.name)} — suite run</title><style>${STYLE}</style></head><body>`,
    `<h1>${html(run.suite.name)}</h1>`,
    `<p class="muted">Space ${html(String(run.suite.space_id))} · ${html(run.service.base_url)} · started ${new Date(run.startedAt).toISOString()} · ${html(run.status)}${run.endReason ? ` — ${html(run.endReason)}` : ''}</p>`,
    `<div class="cards">${[
      card('Cases', `${s.passed} / ${s.total} passed`),
      card('Pass rate', pct(m.pass_rate)),
      card('Hit rate', pct(m.hit_rate)),
      card('MRR', num(m.mrr)),
      card('Recall@k', pct(m.recall_at_k)),
      card('Median latency', ms(m.median_latency_ms)),
      card('p95 latency', ms(m.p95_latency_ms)),
      card('Tokens', m.total_tokens === null ? '–' : String(m.total_tokens)),
      card('Flaky', String(s.flaky)),
    ].join('')}</div>`,
  ];
  if (extra.gates?.length) {
    parts.push(
      `<h2>Gates</h2><p class="${extra.gates.every((g) => g.ok) ? 'pass' : 'fail'}">${extra.gates.every((g) => g.ok) ? 'The gate holds.' : 'The gate fails.'}</p><table><tr><th>Gate</th><th class="n">Required</th><th class="n">Measured</th><th>Result</th></tr>${extra.gates
        .map(
          (g) =>
            `<tr><td>${g.name}</td><td class="n">${gateValue(g.name, g.min)}</td><td class="n">${gateValue(g.name, g.actual)}</td><td class="${g.ok ? 'pass' : 'fail'}">${g.ok ? 'holds' : 'fails'}</td></tr>`,
        )
        .join('')}</table>`,
    );
  }
  const flaky = flakyCases(outcomes);
  if (flaky.length)
    parts.push(
      `<h2>Flaky cases</h2><p class="muted">Their repetitions disagreed: some passed, some did not.</p><ul id="flaky">${flaky
        .map(
          (f) =>
            `<li><span class="flaky">${html(f.caseId)}</span>${suite?.hasVariants ? ` [${html(f.variantId)}]` : ''}: ${f.passed} of ${f.done} passed</li>`,
        )
        .join('')}</ul>`,
    );
  if (extra.baseline) {
    const b = extra.baseline;
    const d = b.deltas;
    parts.push(
      `<h2>Against the baseline</h2><table><tr><th>Metric</th><th class="n">Baseline</th><th class="n">Now</th><th class="n">Change</th></tr>`,
      ...(
        [
          ['Pass rate', d.pass_rate, pct],
          ['Hit rate', d.hit_rate, pct],
          ['MRR', d.mrr, (n: number | null) => num(n)],
          ['Median latency', d.median_latency_ms, ms],
          ['p95 latency', d.p95_latency_ms, ms],
          ['Tokens', d.total_tokens, (n: number | null) => (n === null ? '–' : String(n))],
        ] as const
      ).map(
        ([label, x, f]) =>
          `<tr><td>${label}</td><td class="n">${f(x.baseline)}</td><td class="n">${f(x.current)}</td><td class="n">${signed(x.delta, (n) => f(n))}</td></tr>`,
      ),
      `</table>`,
      `<p class="muted">Deltas over the ${b.compared} case(s) both runs ran.</p>`,
      `<p class="${b.regressions.length ? 'fail' : 'pass'}">${b.regressions.length ? `${b.regressions.length} regression(s): passed in the baseline, fail now.` : 'No regression.'}${b.errors.length ? ` <span class="error">${b.errors.length} error(s): not judged, listed apart.</span>` : ''}</p>`,
      ...verdictSections(b),
    );
  }
  parts.push(
    `<h2>Cases</h2><p class="muted">${REPORT_CUT_LINE}</p>`,
    `<table><tr><th>Case</th><th>Variant</th><th>Status</th><th class="n">Passed</th><th class="n">Similarity</th><th class="n">Hit@k</th><th class="n">RR</th><th class="n">Recall@k</th><th class="n">Latency</th><th>Problems</th></tr>`,
  );
  yield `${parts.join('\n')}\n`;
  // A row for each case, and under it what was asked and answered: written one case at a time.
  for (const o of outcomes) yield `${caseRow(withDetails(o, extra.details))}\n`;
  yield `</table></body></html>\n`;
}

/** The whole page as one string (tests, small runs): the same bytes as the chunks joined. */
export const runToHtml = (run: SuiteRun, extra: HtmlExtra = {}) => [...runHtmlChunks(run, extra)].join('');

/** What the page says beyond the run: the gates' results and the comparison with a baseline, when there are. */
export interface HtmlExtra {
  gates?: GateResult[];
  baseline?: BaselineComparison;
  /** The answers, joined per case when the run keeps them apart (report-case.ts). */
  details?: DetailsOf;
}

function caseRow(o: CaseOutcome): string {
  const { turns } = reportTurns(o);
  const question = turns[0]?.question;
  const row = `<tr><td>${html(o.caseId)}${question === undefined ? '' : `<div class="q">${html(question)}</div>`}</td><td>${html(o.variantId)}</td><td class="${o.status}">${o.status.replace('_', ' ')}${o.flaky ? ' <span class="flaky">flaky</span>' : ''}</td><td class="n">${o.passed} / ${o.planned}</td><td class="n">${num(o.similarity)}</td><td class="n">${num(o.retrieval?.hitAtK)}</td><td class="n">${num(o.retrieval?.reciprocalRank)}</td><td class="n">${num(o.retrieval?.recallAtK)}</td><td class="n">${ms(o.latencyMs)}</td><td><pre>${html(failureLines(o))}</pre></td></tr>`;
  if (turns.length === 0) return row;
  // Closed by default: a page of 5,000 answers is scrolled by its table, and opened where a case is read.
  const exchange = turns
    .map(
      (t) =>
        `<p><b>${html(t.label)}</b>: ${html(t.question)}</p><pre>${html(t.answer)}</pre>${t.cutFrom === undefined ? '' : `<p class="muted">${html(cutNote(t.cutFrom))}</p>`}<p class="muted">Cited documents: ${t.cited.length ? html(t.cited.join(', ')) : 'none'}</p>`,
    )
    .join('');
  return `${row}<tr class="x"><td colspan="10"><details><summary>Question and answer${turns.length > 1 ? `s (${turns.length})` : ''} · cited ${turns.reduce((n, t) => n + t.cited.length, 0)}</summary>${exchange}</details></td></tr>`;
}

/** The answer's cut, named on the page. */
const REPORT_CUT_LINE = `Answers are shown up to ${REPORT_ANSWER_CHARS} characters; the JSON report keeps them whole.`;
