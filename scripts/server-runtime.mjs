// How Node runs the server: `npm start` (start.mjs), the e2e servers and the start bench use these,
// so that tests and measurements see the process a lab runs.
//
// Memory (issue 28: peak RSS ≤ 300 MB during a 100,000-line sync file). On the embedded database the
// process holds PGlite's WebAssembly memory (about 80–130 MB) beside two V8 heaps, the server's and
// the database thread's. Measured 2026-11-28 on the 110,000-analysis bench database, from outside
// (/proc every 20 ms; the built server, a 100,000-line analysis file through the sync):
// - Node's defaults: after the start 316–340 MB, peak 373–423 MB. During the file the server's old
//   generation grew from 23 to 72 MB before V8 collected any of it (what the import allocates
//   outlives a few young collections and is promoted: a checked line alone is about 480 bytes;
//   chunks of 1,000 lines instead of 5,000 did not change it), and its young generation to 3 × 16 MB.
// - `--max-semi-space-size=4` (young generation 3 × 4 MB) and `--heap-growing-percent=50` (the old
//   generation is collected when it has grown by half, not several times over), with glibc giving
//   freed memory back above 128 KB (MALLOC_TRIM_THRESHOLD_; without it the arenas keep what PGlite's
//   opening and the threads' messages freed): peak during the file 283–313 MB (`npm run bench --
//   --memory` and the same by hand, four runs), the file as fast (10.9–11.6 s, the machine's spread).
// - Tighter settings cost the big page: with `--max-semi-space-size=2 --heap-growing-percent=20` the
//   peak was 268–300 MB, but the 15,000-row Analysis page at the demo size (`npm run bench -- --page
//   --rows 15000`, in-process with the flags) took 284–323 ms against 258–262 ms without flags (the
//   growth by a fifth alone: 275–278 ms; by 30 %: 249 ms). With these: 237–241 ms; the 50-row page
//   unchanged (13–16 ms).
// V8 reads these at its start only (v8.setFlagsFromString later does not resize the young
// generation), so they are the command line's.

/** Node's flags for the server process. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=50'];

/** Environment for the server process, under what the caller sets. */
export const SERVER_ENV = { MALLOC_TRIM_THRESHOLD_: '131072' };
