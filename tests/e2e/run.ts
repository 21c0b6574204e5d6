// `npm run test:e2e`: everything the e2e run needs, then Playwright.
//  1. Debian's Chromium at /usr/bin/chromium (Playwright's own browser download is not used):
//     installed with apt-get when missing and running as root, otherwise a message how to.
//  2. A client build in dist/ that is not older than its sources.
//  3. `npx playwright test` with any extra arguments; its exit code is ours.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';

function run(command: string, args: readonly string[], options: SpawnSyncOptions = {}): void {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`e2e: \`${command} ${args.join(' ')}\` failed (${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    console.log(`e2e: ${CHROMIUM} is missing, installing Debian's chromium package …`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update'], { env });
    run('apt-get', ['install', '-y', 'chromium'], { env });
    return;
  }
  console.error(
    [
      `e2e: the tests run in the system Chromium at ${CHROMIUM}, which is not installed.`,
      'Install it as root, then run the tests again:',
      '',
      '    sudo apt-get update && sudo apt-get install -y chromium',
      '',
    ].join('\n'),
  );
  process.exit(1);
}

const newest = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
};

/** What ends up in dist/: the browser code, the help sources and the build's own config. */
const CLIENT_SOURCES = [
  'src/ui',
  'src/domain',
  'src/api',
  'src/machines',
  'docs',
  'index.html',
  'vite.config.ts',
  'scripts/build-docs.ts',
];

function ensureBuild(): void {
  const built = 'dist/index.html';
  if (existsSync(built) && Math.max(...CLIENT_SOURCES.map(newest)) <= statSync(built).mtimeMs) return;
  console.log(
    existsSync(built) ? 'e2e: dist/ is older than its sources, rebuilding …' : 'e2e: building the client …',
  );
  run('npm', ['run', 'build']);
}

ensureChromium();
ensureBuild();
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
