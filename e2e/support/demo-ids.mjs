// The sandbox's demo ids (src/server/fixtures/DEMO.md), written out once for every spec, bench and perf script.
// Plain JavaScript so the .mjs scripts import it without a loader; its types are in demo-ids.d.mts. The console keeps
// no copy: it asks the running sandbox for its starting points (GET /__sandbox/starters).

/** Knowledge bases. */
export const KB = Object.freeze({
  handbook: '631506272047205',
  faq: '631506272047206',
  /** People & policies: the one whose delete is disabled. */
  policies: '631506272047208',
});

/** Datasets (each paired with the knowledge base of the same name). */
export const DS = Object.freeze({
  handbook: '731506272047301',
  faq: '731506272047302',
});

/** Documents, with their file names. */
export const DOC = Object.freeze({
  /** In the handbook. */
  installation: Object.freeze({ id: '831506272047401', name: 'beacon-installation-guide.md' }),
  wifi: Object.freeze({ id: '831506272047402', name: 'beacon-wifi-pairing.md' }),
  battery: Object.freeze({ id: '831506272047403', name: 'beacon-battery-and-power.md' }),
  ledStatusCodes: Object.freeze({ id: '831506272047404', name: 'beacon-led-status-codes.md' }),
  /** In the FAQ, not the handbook. */
  pricing: Object.freeze({ id: '831506272047407', name: 'faq-pricing-and-plans.md' }),
  returns: Object.freeze({ id: '831506272047408', name: 'faq-warranty-and-returns.md' }),
});

/** Conversations. */
export const CONVERSATION = Object.freeze({
  /** "Display shows solid amber after router change" (agent-support). */
  amberDisplay: '931506272047501',
});

/** Spaces (the playground's and the suites' space_id). */
export const SPACE = Object.freeze({
  support: '101',
  engineering: '102',
  supportChinese: '103',
});

/** Well-formed ids that no demo record has: the service answers "not found". */
export const UNKNOWN = Object.freeze({
  knowledge: '631506272040000',
  dataset: '731506272040000',
  document: '831506272040000',
});
