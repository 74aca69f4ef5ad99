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
}

export const DEFAULT_KNOWLEDGE_SETTINGS_PARAM = 'with_settings';

const httpUrl = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `${label} is required` })
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return u.protocol === 'http:' || u.protocol === 'https:';
        } catch {
          return false;
        }
      },
      { error: `${label} must be an http(s) URL` },
    );

/** What the Settings form edits. */
export const ProfileInput = z.object({
  name: z.string().trim().min(1, { error: 'Name is required' }).max(64, { error: 'Name must be at most 64 characters' }),
  base_url: httpUrl('base_url'),
  secondary_url: httpUrl('secondary_url'),
  token: z.string().trim().min(1, { error: 'Token is required' }),
  mode: z.enum(['direct', 'proxied']),
  knowledgeSettingsParam: z.string().trim().min(1).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'Must be a query parameter name' }),
  rememberToken: z.boolean(),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

/** public/config.json, read at start-up so one static build serves any environment. */
export const ConsoleConfig = z.object({
  default_profile: z.string().optional(),
  profiles: z.array(
    z.object({
      id: z.string().min(1),
      name: z.string().min(1),
      base_url: z.string().min(1),
      secondary_url: z.string().min(1),
      token: z.string().optional(),
      mode: z.enum(['direct', 'proxied']).optional(),
      knowledge_settings_param: z.string().optional(),
    }),
  ),
});
export type ConsoleConfig = z.infer<typeof ConsoleConfig>;
