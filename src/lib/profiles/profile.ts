import { z } from '../../contract/zod';

/**
 * A connection profile: where the two hosts are and which token to send.
 * `mode: 'proxied'` sends requests to the console's own origin under /__base and /__secondary
 * (the Vite dev/preview proxy, or the nginx config in README) for services that send no CORS headers.
 */
export interface ConnectionProfile {
  id: string;
  name: string;
  base_url: string;
  secondary_url: string;
  /** Held in memory; in sessionStorage only when rememberToken is on. Never localStorage, cookies or URLs. */
  token?: string;
  mode: 'direct' | 'proxied';
  /** Name of get-knowledge's "with settings" query parameter (not shown by the spec). */
  knowledgeSettingsParam: string;
  /** 'config' profiles come from config.json; 'user' profiles were added in Settings. */
  source: 'config' | 'user';
  rememberToken: boolean;
  /** A streamed answer silent for this long has stalled (config.json's stream_idle_timeout_ms); default CALL_BOUNDS'. */
  streamIdleTimeoutMs?: number;
}

export const DEFAULT_KNOWLEDGE_SETTINGS_PARAM = 'with_settings';

const httpUrl = (label: string) =>
  z.string().check(
    z.trim(),
    z.minLength(1, { error: `${label} is required` }),
    z.refine(
      (v) => {
        try {
          const u = new URL(v);
          return u.protocol === 'http:' || u.protocol === 'https:';
        } catch {
          return false;
        }
      },
      { error: `${label} must be an http(s) URL` },
    ),
  );

/** What the Settings form edits. */
export const ProfileInput = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Name is required' }),
      z.maxLength(64, { error: 'Name must be at most 64 characters' }),
    ),
  base_url: httpUrl('base_url'),
  secondary_url: httpUrl('secondary_url'),
  token: z.string().check(z.trim(), z.minLength(1, { error: 'Token is required' })),
  mode: z.enum(['direct', 'proxied']),
  knowledgeSettingsParam: z
    .string()
    .check(z.trim(), z.minLength(1), z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'Must be a query parameter name' })),
  rememberToken: z.boolean(),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

/** public/config.json, read at start-up so one static build serves any environment. */
const nonEmpty = () => z.string().check(z.minLength(1));

export const ConsoleConfig = z.object({
  default_profile: z.optional(z.string()),
  profiles: z.array(
    z.object({
      id: nonEmpty(),
      name: nonEmpty(),
      base_url: nonEmpty(),
      secondary_url: nonEmpty(),
      token: z.optional(z.string()),
      mode: z.optional(z.enum(['direct', 'proxied'])),
      knowledge_settings_param: z.optional(z.string()),
      stream_idle_timeout_ms: z.optional(z.int().check(z.positive())),
    }),
  ),
});
export type ConsoleConfig = z.infer<typeof ConsoleConfig>;
