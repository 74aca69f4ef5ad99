/**
 * Suites published beside the deployment: `suites/index.json` next to `config.json`, a JSON list of
 * `{ file, name?, description?, space_id? }`, each `file` a suite file (JSON, YAML or CSV) under `suites/`.
 * Read-only in the console; an admin copies one to edit it.
 */

export type PublishedFormat = 'json' | 'yaml' | 'csv';

export interface PublishedEntry {
  /** Below `suites/`: letters, digits, `-`, `_`, `.` and `/` between names; no `..`, no scheme, no leading `/`. */
  file: string;
  format: PublishedFormat;
  name?: string;
  description?: string;
  /** A CSV suite's space (a CSV file names none). */
  space_id?: string;
}

export interface PublishedIndex {
  entries: PublishedEntry[];
  /** One sentence per entry left out, with its place in the list. */
  problems: string[];
}

const FILE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function publishedFormatOf(file: string): PublishedFormat | undefined {
  const ext = /\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase();
  return ext === 'json' ? 'json' : ext === 'yaml' || ext === 'yml' ? 'yaml' : ext === 'csv' ? 'csv' : undefined;
}

/** index.json's text read as entries; the entries it cannot use are listed apart, the file refused when it is no list. */
export function parsePublishedIndex(text: string): { ok: true; index: PublishedIndex } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, error: `not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!Array.isArray(raw)) return { ok: false, error: 'not a JSON list of { file, name?, description? }' };
  const entries: PublishedEntry[] = [];
  const problems: string[] = [];
  const optional = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  raw.forEach((item, i) => {
    const where = `entry ${i + 1}`;
    if (!isObject(item) || typeof item.file !== 'string') return problems.push(`${where}: has no "file"`);
    const file = item.file.trim();
    if (!FILE.test(file) || file.split('/').some((part) => part === '..' || part === '.'))
      return problems.push(`${where}: "${file}" is not a file name below suites/`);
    const format = publishedFormatOf(file);
    if (!format) return problems.push(`${where}: "${file}" is not .json, .yaml, .yml or .csv`);
    const space = typeof item.space_id === 'number' ? String(item.space_id) : optional(item.space_id);
    if (format === 'csv' && !space) return problems.push(`${where}: a CSV suite needs "space_id"`);
    entries.push({
      file,
      format,
      ...(optional(item.name) ? { name: optional(item.name) } : {}),
      ...(optional(item.description) ? { description: optional(item.description) } : {}),
      ...(space ? { space_id: space } : {}),
    });
  });
  return { ok: true, index: { entries, problems } };
}

/** The address of a file under `suites/`, beside config.json (`base` is the console's base path, ending in /). */
export const publishedUrl = (base: string, file: string) => `${base}suites/${file}`;

/**
 * A published file's text; null when the deployment has none (404: nothing is published, not a fault).
 * Any other failure throws with the address and the status.
 */
export async function fetchPublishedText(base: string, file: string): Promise<string | null> {
  const url = publishedUrl(base, file);
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-cache' });
  } catch (error) {
    throw new Error(`Could not load ${url}: ${(error as Error).message}.`, { cause: error });
  }
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}.`);
  return response.text();
}
