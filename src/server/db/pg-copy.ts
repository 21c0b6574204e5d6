// COPY … FROM STDIN through Kysely on PostgreSQL, PostgreSQL's bulk path. Kysely hands the pg
// client a statement's text and its parameters and nothing else, and its transaction does not show
// its connection; so the pool's clients (create-db.ts) take a `copy … from stdin` whose one parameter
// is a Blob as that COPY with the Blob as its data (pg-copy-streams), as the PGlite dialect takes a
// `copy … from '/dev/blob'` with its Blob. Any other statement goes to pg unchanged; COPY itself
// takes no parameters, so no statement that worked before is read differently.
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type Pg from 'pg';
import type PgCopyStreams from 'pg-copy-streams';

/** Loaded by the first COPY, as pg by the first pool (create-db.ts): the embedded database never needs it. */
let copyStreams: typeof PgCopyStreams | undefined;
const copyFrom = (text: string) => (copyStreams ??= createRequire(import.meta.url)('pg-copy-streams') as typeof PgCopyStreams).from(text);

const COPY_FROM_STDIN = /^\s*copy\s[\s\S]*\sfrom\s+stdin\b/i;

type Query = (...args: unknown[]) => unknown;

/** The lone Blob parameter of a `copy … from stdin`, if `args` are such a query's. */
const copyData = (args: readonly unknown[]): Blob | undefined => {
  const [text, values] = args;
  if (typeof text !== 'string' || !Array.isArray(values) || values.length !== 1) return undefined;
  const [data] = values as unknown[];
  return data instanceof Blob && COPY_FROM_STDIN.test(text) ? data : undefined;
};

/** Makes `client` run `copy … from stdin` with a lone Blob parameter as a COPY of that Blob. */
export const acceptCopyFromStdin = (client: Pg.ClientBase): void => {
  const query = client.query.bind(client) as Query;
  const patched: Query = (...args) => {
    const data = copyData(args);
    if (!data) return query(...args);
    return copyIn(query, args[0] as string, data);
  };
  client.query = patched as typeof client.query;
};

/** Answers as pg answers a query (Kysely reads `command`, `rowCount` and `rows`). */
const copyIn = async (query: Query, text: string, data: Blob) => {
  const stream = query(copyFrom(text)) as PgCopyStreams.CopyStreamQuery;
  await pipeline(Readable.fromWeb(data.stream() as Parameters<typeof Readable.fromWeb>[0]), stream);
  return { command: 'COPY', rowCount: stream.rowCount, rows: [], fields: [] };
};
