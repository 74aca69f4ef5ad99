export declare const CHROMIUM_CANDIDATES: string[];
export declare const HEADLESS_SHELL_CANDIDATES: string[];
export declare function findChromium(): string | null;
export declare function findTestChromium(): string | null;
export declare const CHROMIUM_ARGS: string[];
export declare function launchBenchChromium(
  chromium: import('@playwright/test').BrowserType,
  options?: { executablePath?: string },
): Promise<import('@playwright/test').Browser>;
