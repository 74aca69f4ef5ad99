import type { CatalogKind } from '../../lib/catalog/types';

/**
 * The sandbox's demo records that a new admin can start from (src/server/fixtures/DEMO.md; the README's "good first
 * ids"), written out once for the console: the id lookups' starters, the catalog's, the playground's sample
 * questions and the connection check's reads. Offered only for a profile the sandbox answers (useSandboxProfile).
 */
export interface DemoRecord {
  id: string;
  /** The record's name in the demo data (data, not a console message: it is not translated). */
  name: string;
}

export const DEMO_RECORDS = {
  knowledge: [
    { id: '631506272047205', name: 'Beacon product handbook 💡' },
    { id: '631506272047206', name: 'Customer support FAQ 💬' },
    { id: '631506272047209', name: 'Beacon 中文帮助中心 🏮' },
  ],
  dataset: [
    { id: '731506272047301', name: 'Beacon product handbook' },
    { id: '731506272047302', name: 'Customer support FAQ' },
  ],
  document: [
    { id: '831506272047403', name: 'beacon-battery-and-power.md' },
    { id: '831506272047407', name: 'faq-pricing-and-plans.md' },
    { id: '831506272047425', name: 'beacon-battery-and-power.zh-CN.md' },
  ],
  conversation: [
    { id: '931506272047501', name: 'Display shows solid amber after router change' },
    { id: '931506272047505', name: 'Why are Pro API keys hitting 429?' },
  ],
  agent: [],
  space: [
    { id: '101', name: 'Support assistant' },
    { id: '102', name: 'Engineering assistant' },
    { id: '103', name: 'Support assistant (中文)' },
  ],
} as const satisfies Record<CatalogKind, readonly DemoRecord[]>;

/** Questions each demo space answers from one document (DEMO.md, "Sample playground questions"). */
export const DEMO_QUESTIONS: Readonly<Record<string, readonly string[]>> = {
  '101': [
    'How long does the Beacon battery last on a full charge?',
    'How much does Beacon Plus cost per month?',
    'How many days do I have to return a Beacon kit for a full refund?',
  ],
  '102': [
    'How long are nightly database snapshots retained?',
    'What is the rate limit for Beacon Pro API keys?',
    'How many weeks of paid parental leave does Northwind give?',
  ],
  '103': ['信标的电池能用多久？', 'Beacon Display 的电池能用多久？', '传感器盒的电池可以用几年？'],
};
