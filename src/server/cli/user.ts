// `npm run user -- <command>`: manage accounts from a shell on the server.
//   add <email> --role <admin|reader>   password from standard input (first line)
//   list
//   passwd <email>                      new password from standard input (first line)
//   remove <email>
// Passwords never appear on the command line (shell history, `ps`). Opens the database like the
// server does — same configuration, migrations and data-dir lock — so it refuses, with a clear
// message, to touch an embedded database a running server holds. Exit code 0 ok, 1 error.
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { roleFromShort, roleLabel } from '../../domain/roles';
import { loadConfig, restrictToOwner } from '../config';
import { createDb, type DbHandle } from '../db/create-db';
import type { Database } from '../db/database';
import { acquireDataDirLock, type DataDirLock } from '../db/lock';
import { migrateToLatest } from '../db/migrate';
import { createUser, listUsers, removeUser, setPassword } from '../services/users';

export const CLI_ACTOR = 'cli';

export const USAGE = `Usage: npm run user -- <command>
  add <email> --role <admin|reader>   create an account; password from standard input
  list                                list accounts
  passwd <email>                      set a new password; read from standard input
  remove <email>                      delete an account
Example: echo 'secret123' | npm run user -- add anna@lab.example --role reader`;

export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

class UsageError extends Error {
  override name = 'UsageError';
}

export type UserCommand =
  | { kind: 'help' }
  | { kind: 'list' }
  | { kind: 'add'; email: string; role: 'ROLE_ADMIN' | 'ROLE_READER' }
  | { kind: 'passwd'; email: string }
  | { kind: 'remove'; email: string };

export const parseArgs = (argv: readonly string[]): UserCommand => {
  const [command, ...rest] = argv;
  const positional: string[] = [];
  let role: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (arg === '--role') role = rest[++i];
    else if (arg.startsWith('--role=')) role = arg.slice('--role='.length);
    else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  const one = (what: string): string => {
    if (positional.length !== 1 || !positional[0]) throw new UsageError(`${command} needs exactly one ${what}`);
    return positional[0];
  };
  const none = (): void => {
    if (positional.length > 0 || role !== undefined) throw new UsageError(`${command} takes no arguments`);
  };
  switch (command) {
    case undefined:
      throw new UsageError('missing command');
    case 'help':
    case '--help':
    case '-h':
      return { kind: 'help' };
    case 'list':
      none();
      return { kind: 'list' };
    case 'add': {
      const email = one('email');
      if (!role) throw new UsageError('add needs --role admin or --role reader');
      const long = roleFromShort(role);
      if (!long) throw new UsageError(`unknown role '${role}' (use admin or reader)`);
      return { kind: 'add', email, role: long };
    }
    case 'passwd':
    case 'remove':
      if (role !== undefined) throw new UsageError(`${command} takes no --role`);
      return { kind: command, email: one('email') };
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
};

/** First line of a piped stream, without its line ending; '' when the stream ends empty. */
const readFirstLine = (stream: NodeJS.ReadableStream): Promise<string> =>
  new Promise((resolve, reject) => {
    let text = '';
    const finish = (): void => {
      stream.off('data', onData);
      stream.off('end', finish);
      stream.off('error', reject);
      stream.pause();
      resolve((text.split('\n', 1)[0] ?? '').replace(/\r$/, ''));
    };
    const onData = (chunk: Buffer | string): void => {
      text += chunk.toString();
      if (text.includes('\n')) finish();
    };
    stream.on('data', onData);
    stream.once('end', finish);
    stream.once('error', reject);
    stream.resume();
  });

/** Reads a line from a terminal without echoing it. */
const readHidden = (io: CliIo, prompt: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const { stdin } = io;
    io.stderr.write(prompt);
    stdin.setRawMode?.(true);
    let text = '';
    const done = (error?: Error): void => {
      stdin.setRawMode?.(false);
      stdin.off('data', onData);
      stdin.pause();
      io.stderr.write('\n');
      if (error) reject(error);
      else resolve(text);
    };
    const onData = (chunk: Buffer | string): void => {
      for (const ch of chunk.toString()) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003' || ch === '\u0004') return done(new Error('cancelled'));
        if (ch === '\u007f' || ch === '\b') text = text.slice(0, -1);
        else text += ch;
      }
    };
    stdin.on('data', onData);
    stdin.resume();
  });

const readPassword = async (io: CliIo): Promise<string> => {
  if (!io.stdin.isTTY) return readFirstLine(io.stdin);
  const first = await readHidden(io, 'Password: ');
  const again = await readHidden(io, 'Repeat password: ');
  if (first !== again) throw new Error('the passwords differ');
  return first;
};

const shortRole = (role: string): string => roleLabel(role).toLowerCase();

/** Runs one parsed command against an open, migrated database. */
export const runUserCommand = async (db: Kysely<Database>, command: UserCommand, io: CliIo): Promise<void> => {
  const out = (line: string): void => void io.stdout.write(`${line}\n`);
  switch (command.kind) {
    case 'help':
      out(USAGE);
      return;
    case 'list': {
      const users = await listUsers(db);
      if (users.length === 0) return out('No users.');
      const width = Math.max(5, ...users.map((u) => u.email.length));
      out(`${'EMAIL'.padEnd(width)}  ROLE    CREATED`);
      for (const u of users) out(`${u.email.padEnd(width)}  ${shortRole(u.role).padEnd(6)}  ${u.createdAt}`);
      return;
    }
    case 'add': {
      const user = await createUser(db, { email: command.email, password: await readPassword(io), role: command.role }, CLI_ACTOR);
      return out(`User ${user.email} added (${shortRole(user.role)}).`);
    }
    case 'passwd': {
      const user = await setPassword(db, command.email, await readPassword(io), CLI_ACTOR);
      return out(`Password of ${user.email} changed.`);
    }
    case 'remove': {
      const user = await removeUser(db, command.email, CLI_ACTOR);
      return out(`User ${user.email} removed.`);
    }
  }
};

const processIo: CliIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };

/** The whole CLI: parse, open the database, run, close. Resolves to the exit code. */
export const main = async (
  argv: readonly string[] = process.argv.slice(2),
  io: CliIo = processIo,
  env: Record<string, string | undefined> = process.env,
): Promise<number> => {
  let lock: DataDirLock | undefined;
  let handle: DbHandle | undefined;
  try {
    const command = parseArgs(argv);
    if (command.kind === 'help') {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const config = loadConfig(env);
    if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir);
    handle = await createDb(config);
    await migrateToLatest(handle.db);
    await runUserCommand(handle.db, command, io);
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    io.stderr.write(`${message.startsWith('labdesk') ? message : `labdesk user: ${message}`}\n`);
    if (err instanceof UsageError) io.stderr.write(`${USAGE}\n`);
    return 1;
  } finally {
    await handle?.close();
    lock?.release();
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  restrictToOwner();
  process.exitCode = await main();
}
