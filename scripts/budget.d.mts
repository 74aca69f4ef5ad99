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
export interface BuildFigures {
  dist: string;
  entry: string;
  firstRoute: { js: Totals; css: Totals; jsFiles: Size[]; cssFiles: Size[]; locale: string | null };
  allCss: Totals;
  pages: PageCheck[];
  missingPages: string[];
  assets: (Size & { firstRoute: boolean })[];
}
export declare const BUDGET: { firstRouteJsGzip: number; firstRouteCssGzip: number };
export declare const FIRST_ROUTE_PAGE: string;
export declare function isRoutePage(src: string): boolean;
export declare function measureBuild(distDir?: string): BuildFigures;
export declare function kb(bytes: number): string;
export declare function chunkTable(assets: BuildFigures['assets']): string;
export declare function summary(m: BuildFigures): string;
