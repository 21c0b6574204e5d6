// How a worker thread of the server starts. The built server (dist-server/) starts the compiled
// `<name>.js` beside it. From the sources — tests, the CLIs, `npm run dev` — TypeScript runs through
// tsx or vitest's own transform, which a worker thread inherits neither of: the worker's entry
// registers tsx's loader itself, then imports the TypeScript module. (tsx's ESM API: its CommonJS
// build registers a path that does not exist.)
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RUNS_COMPILED } from './paths';

/**
 * The script that starts the worker `<name>` (for `new Worker(script, { eval: true })`): `from` is
 * the import.meta.url of a module beside its TypeScript entry.
 */
export const workerBootScript = (name: string, from: string): string => {
  if (RUNS_COMPILED) return `import(${JSON.stringify(new URL(`./${name}.js`, import.meta.url).href)})`;
  const tsxApi = pathToFileURL(
    join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
  ).href;
  const entry = new URL(`./${name}.ts`, from).href;
  return `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
};
