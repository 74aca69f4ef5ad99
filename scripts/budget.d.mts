export interface Size {
  file: string;
  raw: number;
  gzip: number;
}
export interface Totals {
  raw: number;
  gzip: number;
}
export interface PageCheck {
  src: string;
  file: string;
  isDynamicEntry: boolean;
  inEntry: boolean;
}
/** One language's half of one message area, as its own chunk (src/i18n/messages/<area>.ts?locale=<locale>). */
export interface MessageChunk {
  key: string;
  area: string;
  locale: string;
  file: string;
  isDynamicEntry: boolean;
  inEntry: boolean;
}
/** The start-up message chunks of one language, as counted in the first route. */
export interface StartMessages {
  locale: string;
  areas: string[];
  keys: string[];
  gzip: number;
}
export interface BuildFigures {
  dist: string;
  entry: string;
  firstRoute: { js: Totals; css: Totals; jsFiles: Size[]; cssFiles: Size[]; messages: StartMessages | null };
  startAreas: string[];
  messageChunks: MessageChunk[];
  allCss: Totals;
  pages: PageCheck[];
  missingPages: string[];
  assets: (Size & { firstRoute: boolean })[];
}
export declare const BUDGET: { firstRouteCssGzip: number };
export declare const FIRST_ROUTE_PAGE: string;
export interface ManifestEntry {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export declare function readManifest(dist: string): Record<string, ManifestEntry>;
export declare function isRoutePage(src: string): boolean;
export declare function parseMessageChunk(src: string): { area: string; locale: string } | null;
export declare function startAreas(root?: string): string[];
export declare function measureBuild(distDir?: string): BuildFigures;
export declare function kb(bytes: number): string;
export declare function chunkTable(assets: BuildFigures['assets']): string;
export declare function summary(m: BuildFigures): string;
