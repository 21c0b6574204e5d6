// The import profile of `npm run bench -- --sync --profile`: where an import's time goes, per SQL
// statement (a Kysely plugin times each query from its compilation to its result) and per
// database function (the trigger functions of the report summary and the change events, the
// refresh functions they call: pg_stat_user_functions with track_functions = 'all'; PostgreSQL's
// own foreign-key checks show as RI_FKey_* functions only in the statement's time).
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { sql, type Kysely } from 'kysely';
import { performance } from 'node:perf_hooks';
import type { Database } from '../src/server/db/database';
import { progress, round } from './progress';

interface Timed {
  text: string;
  ms: number;
}

/** Times every query of the databases it is added to (`db.withPlugin(profiler)`). */
export class StatementProfiler implements KyselyPlugin {
  private readonly started = new WeakMap<object, number>();
  private readonly kinds = new WeakMap<object, string>();
  readonly timed: Timed[] = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.started.set(args.queryId, performance.now());
    this.kinds.set(args.queryId, describe(args.node));
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const t = this.started.get(args.queryId);
    if (t !== undefined) this.timed.push({ text: this.kinds.get(args.queryId) ?? '?', ms: performance.now() - t });
    return args.result;
  }

  /** The statements of the run, slowest first (statements of one text summed). */
  report(scope: string, top = 15): void {
    const byText = new Map<string, { ms: number; n: number }>();
    for (const t of this.timed) {
      const s = byText.get(t.text) ?? { ms: 0, n: 0 };
      s.ms += t.ms;
      s.n += 1;
      byText.set(t.text, s);
    }
    const rows = [...byText].sort((a, b) => b[1].ms - a[1].ms).slice(0, top);
    for (const [text, s] of rows) progress(scope, `${round(s.ms)} ms ×${s.n}  ${text}`);
    this.timed.length = 0;
  }
}

const describe = (node: RootOperationNode): string => {
  if (node.kind === 'RawNode') return node.sqlFragments.join('?').replace(/\s+/g, ' ').trim().slice(0, 140);
  const table = JSON.stringify(node).match(/"table":\{"kind":"IdentifierNode","name":"(\w+)"/)?.[1] ?? '';
  return `${node.kind} ${table}`;
};

/** Function times so far (ms), by function name. */
export const functionTimes = async (db: Kysely<Database>): Promise<Map<string, { total: number; self: number; calls: number }>> => {
  const { rows } = await sql<{ funcname: string; calls: number; totalTime: number; selfTime: number }>`
    select funcname, calls::int, total_time as total_time, self_time as self_time from pg_stat_user_functions`.execute(db);
  return new Map(rows.map((r) => [r.funcname, { total: Number(r.totalTime), self: Number(r.selfTime), calls: r.calls }]));
};

/** What the functions took between two readings of functionTimes, slowest first. */
export const reportFunctions = (
  scope: string,
  before: Map<string, { total: number; self: number; calls: number }>,
  after: Map<string, { total: number; self: number; calls: number }>,
): void => {
  const rows = [...after]
    .map(([name, a]) => {
      const b = before.get(name) ?? { total: 0, self: 0, calls: 0 };
      return { name, total: a.total - b.total, self: a.self - b.self, calls: a.calls - b.calls };
    })
    .filter((r) => r.calls > 0)
    .sort((x, y) => y.total - x.total)
    .slice(0, 15);
  for (const r of rows) progress(scope, `fn ${r.name}: total ${round(r.total)} ms, self ${round(r.self)} ms, ${r.calls} call(s)`);
};
