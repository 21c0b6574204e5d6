// `npm start`: build the client (and help pages) and the server when a build is missing or older
// than the sources, then run the compiled server (dist-server/main.js), which serves app and API
// from one process on LAB_PORT.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-runtime.mjs';

const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
    const path = join(dir, entry.name);
    return Math.max(max, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }, 0);

const builds = ['dist/index.html', 'dist-server/main.js'];
const sources = ['src', 'docs', 'index.html', 'package.json'].filter(existsSync);
const newestSource = Math.max(...sources.map((s) => (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs)));
const stale = builds.some((built) => !existsSync(built) || newestSource > statSync(built).mtimeMs);
if (stale) {
  console.log('labdesk: building the client and the server …');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The server handles SIGINT/SIGTERM itself (graceful close); pass them on and mirror its exit.
// A Ctrl-C in a terminal reaches the server directly too (same process group), so it may get the
// signal twice; it closes once and ignores the repeats (src/server/main.ts). Passing it on is for
// a signal sent to this process alone (`kill <pid>`, a service manager).
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist-server/main.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...SERVER_ENV, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
// Killed by a signal it did not handle: the shell's convention, 128 + the signal's number.
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
