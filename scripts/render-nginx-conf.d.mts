/** A refused argument (the CLI prints its message and exits 2). */
export declare class RenderArgumentError extends Error {}

export interface RenderOptions {
  port: string | number;
  root: string;
  base?: string;
  baseUpstream: string;
  secondaryUpstream: string;
  connectSrc?: string;
  caBundle?: string;
}

export declare const SYSTEM_CA_BUNDLE: string;

/** Throws RenderArgumentError when an argument has the wrong shape or holds nginx syntax. */
export declare function renderNginxConf(options: RenderOptions): string;

/** The command line (`--flag value` pairs) as options; throws RenderArgumentError on an unknown or missing flag. */
export declare function parseRenderArgs(args: readonly string[]): RenderOptions;
