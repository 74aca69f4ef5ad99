import { takeEarlyFetch } from '../early-fetch';
import { ConsoleConfig } from './profile';

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Checks what the schema cannot: unique ids, http(s) URLs, a default that exists. Returns the first problem. */
function configProblem(config: ConsoleConfig): string | undefined {
  const seen = new Set<string>();
  for (const [i, p] of config.profiles.entries()) {
    if (seen.has(p.id)) return `profiles[${i}].id "${p.id}" is used twice`;
    seen.add(p.id);
    if (!isHttpUrl(p.base_url)) return `profiles[${i}].base_url "${p.base_url}" is not an http(s) URL`;
    if (!isHttpUrl(p.secondary_url)) return `profiles[${i}].secondary_url "${p.secondary_url}" is not an http(s) URL`;
  }
  if (config.default_profile !== undefined && !seen.has(config.default_profile)) {
    return `default_profile "${config.default_profile}" is not the id of any profile (${[...seen].join(', ') || 'there are none'})`;
  }
  return undefined;
}

/** Validates an already-parsed config.json; throws an Error naming the first problem. */
export function parseConsoleConfig(raw: unknown, source = 'config.json'): ConsoleConfig {
  const parsed = ConsoleConfig.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first && first.path.length > 0 ? `${first.path.map(String).join('.')}: ` : '';
    throw new Error(
      `${source} does not have the expected shape — ${where}${first?.message ?? 'invalid'}. Expected {"default_profile": "...", "profiles": [{"id", "name", "base_url", "secondary_url", "token"?}]}.`,
    );
  }
  const problem = configProblem(parsed.data);
  if (problem) throw new Error(`${source} is not valid: ${problem}.`);
  return parsed.data;
}

/**
 * Reads config.json, which lists the connection profiles so one static build serves any environment.
 * Every failure (missing file, not JSON, wrong shape) is an Error whose message says what to fix.
 */
export async function loadConsoleConfig(url: string): Promise<ConsoleConfig> {
  let response: Response;
  try {
    const headers = { Accept: 'application/json' };
    response = await (takeEarlyFetch('GET', url, headers, undefined) ?? fetch(url, { cache: 'no-store', headers }));
  } catch (error) {
    throw new Error(`Could not load the console configuration from ${url}: ${(error as Error).message}.`, {
      cause: error,
    });
  }
  const text = await response.text();
  if (!response.ok) {
    throw new Error(
      `Could not load the console configuration from ${url}: HTTP ${response.status}. Put a config.json next to index.html (see README).`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`The console configuration at ${url} is not valid JSON: ${(error as Error).message}.`, {
      cause: error,
    });
  }
  return parseConsoleConfig(raw, url);
}
