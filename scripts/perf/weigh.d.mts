import type { Browser, BrowserContext, Page } from '@playwright/test';
export declare const BASELINE_APP: string;
export interface WeighedPage {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
}
export interface ConsolePage extends WeighedPage {
  against: string;
  max: number;
}
export declare const BARE_PAGES: WeighedPage[];
export declare const CONSOLE_PAGES: ConsolePage[];
export interface Verdict extends ConsolePage {
  weight: Weight;
  ratio: number;
  ok: boolean;
}
export declare function weighAll(
  browser: Browser,
  options: { consoleUrl: string; consoleDist: string; bareUrl: string; bareDist: string; config?: unknown },
): Promise<{ rows: [string, Weight, string?][]; verdicts: Verdict[] }>;
export declare function buildBaseline(outDir: string): void;
export declare function buildBaselineWithFetchingRoute(outDir: string): void;
export declare function serveDir(dir: string): Promise<{ url: string; close(): Promise<void> }>;
export interface Weighed {
  file: string;
  gzip: number;
}
export interface Weight {
  js: number;
  css: number;
  jsFiles: Weighed[];
  files: Weighed[];
}
export declare function weighPage(
  context: BrowserContext,
  url: string,
  options: { base: string; dist: string; ready?: (page: Page) => Promise<void> },
): Promise<Weight>;
export declare const kb: (bytes: number) => string;
export declare function ratioTable(rows: [name: string, weight: Weight, comparedWith?: string][]): string;
