// How Node runs the server: `npm start` (start.mjs), the e2e servers and the start bench use these,
// so that tests and measurements see the process a lab runs.
//
// Memory (issue 28: peak RSS ≤ 300 MB during a 100,000-line sync file). On the embedded database the
// process holds PGlite's WebAssembly memory (about 80–130 MB) beside two V8 heaps, the server's and
// the database thread's. Measured 2026-11-28 on the 110,000-analysis bench database, from outside
// (/proc every 20 ms; the built server, a 100,000-line analysis file through the sync):
// - Node's defaults: after the start 316–340 MB, peak 378–423 MB. A file's checked lines (about 480
//   bytes each) outlive a few young collections while their chunk is read and staged, so they are
//   promoted, and the server's old generation grew from 23 to 72 MB of such garbage before V8
//   collected it; its young generation grew to 3 × 16 MB.
// - `--max-semi-space-size=2` (young generation 3 × 2 MB) and `--heap-growing-percent=20` (the old
//   generation is collected when it has grown by a fifth, not several times over), with glibc giving
//   freed memory back above 128 KB (MALLOC_TRIM_THRESHOLD_; without it the arenas keep what PGlite's
//   opening and the threads' messages freed): after the start 231–262 MB, peak 268–300 MB; the file
//   took 10.1–11.2 s against 8.4–10.9 s, within the machine's spread.
// - The cost: the 15,000-row Analysis page on the 110,000-analysis database (`--page`, in-process
//   with the same flags) 264–274 ms against 254–256 ms; the 50-row page unchanged (49–53 ms).
// V8 reads these at its start only (v8.setFlagsFromString later does not resize the young
// generation), so they are the command line's.

/** Node's flags for the server process. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=20'];

/** Environment for the server process, under what the caller sets. */
export const SERVER_ENV = { MALLOC_TRIM_THRESHOLD_: '131072' };
