import { parseArgs } from 'node:util';
import { SANDBOX_DEFAULTS } from './bounds';
import { ERROR_STYLES, type ErrorStyle } from './http/respond';
import type { SandboxOptions } from './sandbox';

export const USAGE = `usage: npm run sandbox -- [--fixture FILE] [--memory | --data-dir DIR] [--base-port N] [--secondary-port N]
       [--token T ...] [--lock-wait-ms N] [--purge-delay-ms N] [--stream-delay-ms N] [--cors-origin O ...]
       [--error-style error-response|fastapi] [--purge-stalled] [--restriction-hides-deleted]`;

export class ArgsError extends Error {}

function int(name: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > max)
    throw new ArgsError(`--${name} must be an integer from 0 to ${max}, not "${value}"`);
  return Number(value);
}

/** The command line of `npm run sandbox`, as startSandbox options. */
export function parseSandboxArgs(argv: readonly string[]): SandboxOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        fixture: { type: 'string' },
        memory: { type: 'boolean' },
        'data-dir': { type: 'string' },
        'base-port': { type: 'string' },
        'secondary-port': { type: 'string' },
        token: { type: 'string', multiple: true },
        'lock-wait-ms': { type: 'string' },
        'purge-delay-ms': { type: 'string' },
        'stream-delay-ms': { type: 'string' },
        'cors-origin': { type: 'string', multiple: true },
        'error-style': { type: 'string' },
        'purge-stalled': { type: 'boolean' },
        'restriction-hides-deleted': { type: 'boolean' },
      },
    }));
  } catch (err) {
    throw new ArgsError(err instanceof Error ? err.message : String(err));
  }
  if (values.memory && values['data-dir'] !== undefined)
    throw new ArgsError('--memory and --data-dir cannot be used together');
  const day = 24 * 60 * 60 * 1000;
  const options: SandboxOptions = {
    basePort: int('base-port', values['base-port'], 65535) ?? SANDBOX_DEFAULTS.basePort,
    secondaryPort: int('secondary-port', values['secondary-port'], 65535) ?? SANDBOX_DEFAULTS.secondaryPort,
  };
  if (values.fixture !== undefined) options.fixture = values.fixture;
  if (!values.memory) options.dataDir = values['data-dir'] ?? SANDBOX_DEFAULTS.dataDir;
  if (values.token !== undefined) options.tokens = values.token;
  if (values['cors-origin'] !== undefined) options.corsOrigins = values['cors-origin'];
  const lockWaitMs = int('lock-wait-ms', values['lock-wait-ms'], day);
  if (lockWaitMs !== undefined) options.lockWaitMs = lockWaitMs;
  const purgeDelayMs = int('purge-delay-ms', values['purge-delay-ms'], day);
  if (purgeDelayMs !== undefined) options.purgeDelayMs = purgeDelayMs;
  const streamDelayMs = int('stream-delay-ms', values['stream-delay-ms'], 60_000);
  if (streamDelayMs !== undefined) options.streamDelayMs = streamDelayMs;
  if (values['purge-stalled']) options.purgeStalled = true;
  if (values['restriction-hides-deleted']) options.restrictionHidesDeleted = true;
  const style = values['error-style'];
  if (style !== undefined) {
    if (!ERROR_STYLES.includes(style as ErrorStyle))
      throw new ArgsError(`--error-style must be one of ${ERROR_STYLES.join(', ')}, not "${style}"`);
    options.errorStyle = style as ErrorStyle;
  }
  return options;
}
