import type { KeptDb } from '../storage/kept-db';

/**
 * Who runs a piece of work (a bulk batch, a single deletion) where the browser has no Web Locks: plain http on a
 * LAN address is not a secure context, so `navigator.locks` is undefined there. A lease is a row in the kept
 * database, {name, holder, expiresAt}; every claim, renewal and release is one readwrite transaction (read, check,
 * write), which IndexedDB runs one at a time per store across the tabs of a browser, so two tabs never both win.
 * The holder renews it while it runs; a holder that stops renewing (closed, crashed, frozen in the background)
 * loses it once it lapses, and a live tab takes over.
 */
export interface Lease {
  name: string;
  /** One claim of one tab (a tab's claims of one name exclude each other, as Web Locks do). */
  holder: string;
  expiresAt: number;
}

/**
 * How often the holder renews, and how long an unrenewed lease lasts: three renewals may be missed. A DELETE leaves
 * only while the lease has `marginMs` left (lease-claims.ts, `maySend`): the time a request takes to leave the tab.
 */
export const LEASE_TIMING = { renewMs: 2_000, lapseMs: 6_000, marginMs: 2_000 } as const;

export type LeaseTiming = { renewMs: number; lapseMs: number; marginMs?: number };

/** One atomic read-check-write of a lease's kept row: `decide` sees the current one and returns the new one. */
export interface LeaseStore {
  update(name: string, decide: (current: Lease | undefined) => Lease | null | undefined): Promise<Lease | undefined>;
}

export interface LeaseAnswer {
  /** Whether `holder` holds the lease now. */
  held: boolean;
  /** When the current holder's lease lapses (when it is held by another). */
  expiresAt?: number;
}

const parseLease = (raw: unknown): Lease | undefined => {
  const r = raw as Partial<Lease> | null;
  return r && typeof r.name === 'string' && typeof r.holder === 'string' && typeof r.expiresAt === 'number'
    ? (r as Lease)
    : undefined;
};

/** The leases of the console's kept database. */
export function keptLeaseStore(db: KeptDb): LeaseStore {
  const store = db.store('leases', parseLease);
  return { update: (name, decide) => store.update(name, decide) };
}

/**
 * Takes the lease for `holder`: granted when it is free, lapsed, already this holder's, or held by a holder known
 * to be gone (a closed tab said so). Otherwise answers when the other holder's lease lapses.
 */
export async function takeLease(
  store: LeaseStore,
  name: string,
  holder: string,
  at: number,
  lapseMs: number,
  gone: ReadonlySet<string> = new Set(),
): Promise<LeaseAnswer> {
  let answer: LeaseAnswer = { held: false };
  await store.update(name, (current) => {
    if (current && current.holder !== holder && current.expiresAt > at && !gone.has(current.holder)) {
      answer = { held: false, expiresAt: current.expiresAt };
      return undefined;
    }
    answer = { held: true };
    return { name, holder, expiresAt: at + lapseMs };
  });
  return answer;
}

/**
 * Renews the lease of its holder: only while the kept row still names it (even lapsed: then no one took it over).
 * A lease taken by another tab, or taken and released since, is lost for good: the work this holder knows of
 * may have moved on without it, so it must queue again and start from what was kept.
 */
export async function renewLease(
  store: LeaseStore,
  name: string,
  holder: string,
  at: number,
  lapseMs: number,
): Promise<boolean> {
  let held = false;
  await store.update(name, (current) => {
    if (current?.holder !== holder) return undefined;
    held = true;
    return { name, holder, expiresAt: at + lapseMs };
  });
  return held;
}

/** Lets the lease go, if `holder` still holds it. */
export async function releaseLease(store: LeaseStore, name: string, holder: string): Promise<void> {
  await store.update(name, (current) => (current?.holder === holder ? null : undefined));
}
