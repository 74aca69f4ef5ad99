interface ImportMetaEnv {
  /** The console's version, package.json's, written in at build time (vite/app-version.ts). */
  readonly KC_VERSION: string;
}
