// Where the repository lies, seen from the running code: the sources run from src/server (tsx,
// vitest), the built server from dist-server/ (scripts/build-server.mjs bundles it into chunks
// that lie directly in that folder). Everything that needs a file of the repository asks here.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const compiled = /\/dist-server\/[^/]+$/.test(new URL(import.meta.url).pathname);

/** The repository's root folder, with a trailing separator. */
export const REPO_ROOT = fileURLToPath(new URL(compiled ? '../' : '../../', import.meta.url));

/** Whether this is the built server (dist-server/) rather than the TypeScript sources. */
export const RUNS_COMPILED = compiled;

/** The version in package.json (what /api/health reports). */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(`${REPO_ROOT}package.json`, 'utf8')) as { version: string }
).version;
