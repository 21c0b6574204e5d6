// `npm run build:server`: the server and its command-line tools as JavaScript in dist-server/, so
// `npm start` runs compiled code and starts without compiling TypeScript. One bundle per entry
// point (the server, and its worker threads' entries), shared code in chunks beside them (all in one folder: src/server/paths.ts finds the
// repository from there).
//
// The packages are bundled too: Node 20 loads an ES module file by file (kysely and zod are some
// hundreds each), and resolving and compiling them was most of a start's module loading. What
// stays an import from node_modules is what must: PGlite (it reads its .wasm and .data files beside
// its own code), pdfkit (its font metrics, read from its folder) and exceljs (loaded at the first
// spreadsheet, src/server/exports/formats.ts), and what is never installed (pg-native, pg's
// optional native driver; tsx, the sources' worker path in src/server/exports/pdf-render.ts), and
// Fastify's default schema compilers, which it loads only when not given others (src/server/app.ts
// gives the zod ones). Whitespace and syntax are minified, names kept (stack traces stay readable):
// Node reads and compiles the whole bundle at every start, 2 MB instead of 5.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const EXTERNAL = [
  '@electric-sql/pglite',
  'pdfkit',
  'exceljs',
  'pg-native',
  'tsx',
  'tsx/*',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
];

// Chunk names change with their content: no chunk of an earlier build stays behind.
rmSync('dist-server', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'pdf-worker': 'src/server/exports/pdf-worker.ts',
    // The embedded database's thread (src/server/db/pglite-thread.ts starts it).
    'pglite-worker': 'src/server/db/pglite-worker.ts',
  },
  outdir: 'dist-server',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  // CommonJS packages in an ES module bundle still call require() (for Node's own modules).
  banner: { js: "import { createRequire as __labdeskRequire } from 'node:module'; const require = __labdeskRequire(import.meta.url);" },
  chunkNames: 'chunk-[hash]',
  sourcemap: false,
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
