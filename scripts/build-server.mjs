// `npm run build:server`: the server and its command-line tools as JavaScript in dist-server/, so
// `npm start` runs compiled code and starts without compiling TypeScript. One bundle per entry
// point, shared code in chunks beside them (all in one folder: src/server/paths.ts finds the
// repository from there); packages stay imports from node_modules, as with the sources.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'pdf-worker': 'src/server/exports/pdf-worker.ts',
  },
  outdir: 'dist-server',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: 'chunk-[hash]',
  sourcemap: false,
  logLevel: 'warning',
});
