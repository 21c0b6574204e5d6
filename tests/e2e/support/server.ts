// Starting and stopping the real labdesk server and its user CLI for the e2e run.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../scripts/server-runtime.mjs';

/** Node with tsx, like `npm start` runs the server: one process whose pid gets our signals. */
const TSX = ['--import', 'tsx'];

/** Where the servers' logs go (one per worker, one for the setup): read them when a test fails. */
export const LOG_DIR = 'test-results';

/** The environment of an e2e server on `dataDir` and `port`. */
export function serverEnv(dataDir: string, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    LAB_DATA_DIR: dataDir,
    LAB_PORT: String(port),
    // The tests' own database, never a PostgreSQL the environment may point at.
    DATABASE_URL: '',
    ...extra,
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Runs a TypeScript script with `stdin` as its standard input; rejects on failure. */
function runScript(
  script: string,
  args: readonly string[],
  stdin: string,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TSX, script, ...args], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${script} ${args.join(' ')} exited with ${code}:\n${output}`)),
    );
    child.stdin.end(stdin);
  });
}

/** Runs the user CLI (`npm run user -- …`) with `stdin` as its standard input; rejects on failure. */
export function runUserCli(args: readonly string[], stdin: string, env: NodeJS.ProcessEnv): Promise<string> {
  return runScript('src/server/cli/user.ts', args, stdin, env);
}

/** Loads the e2e demo campaign (support/demo-data.ts) into the stopped server's data dir. */
export function loadDemoData(env: NodeJS.ProcessEnv): Promise<string> {
  return runScript('tests/e2e/support/demo-data.ts', [], '', env);
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts src/server/main.ts and resolves once it is in service (health 200); its output goes to `logFile`. */
export async function startServer(
  env: NodeJS.ProcessEnv,
  logFile: string,
  // A busy machine (several test runs at once) may need longer: LAB_E2E_SERVER_TIMEOUT_MS.
  timeoutMs = Number(process.env.LAB_E2E_SERVER_TIMEOUT_MS) || 90_000,
): Promise<RunningServer> {
  const url = `http://127.0.0.1:${env.LAB_PORT}`;
  const log = createWriteStream(logFile, { flags: 'a' });
  // Node as `npm start` runs it (its flags and memory settings).
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...TSX, 'src/server/main.ts'], {
    env: { ...SERVER_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      exited = code;
      resolve();
    }),
  );

  const stop = async () => {
    if (exited === undefined) {
      // The server closes gracefully on SIGTERM (and releases the data-dir lock); SIGKILL if it hangs.
      child.kill('SIGTERM');
      const hung = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(hung);
    }
    log.end();
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== undefined) {
      log.end();
      throw new Error(`labdesk server exited with ${exited} before answering; see ${logFile}`);
    }
    try {
      // In service, not only accepting connections: on the embedded database the server listens
      // before PGlite has booted, migrated and created the first admin (health says 503 till then),
      // and a setup that stopped it then found no admin to sign in as on a busy machine.
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`labdesk server did not answer within ${timeoutMs} ms; see ${logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
