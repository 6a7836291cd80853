/** The package version, put in by the bundler (esbuild's define), so the command and package.json never disagree. */
// @ts-nocheck

declare const RANKLENS_VERSION: string | undefined;

/** The version, or "dev" when the code runs unbundled (tsc output in tests). */
export const VERSION: string = typeof RANKLENS_VERSION === 'string' ? RANKLENS_VERSION : 'dev';
