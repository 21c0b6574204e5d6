// The whole schema of docs/dev/architecture.md#database in one first migration, so later issues add routes, not tables.
// Conventions: lab wall-clock times are `timestamp(0) without time zone` (no zone: the lab reads
// and writes local time, and the spec's format has no offset); measured values are `numeric` with
// the precision the lab reports; sample ids use the "C" collation so `LIKE 'prefix%'` can use the
// btree index (sId prefix filters are the most common search at the bench).
import { sql, type Kysely } from 'kysely';

const ts = sql`timestamp(0) without time zone`;
const sid = sql`varchar(13) collate "C"`;

/** Measured values and their precision: pol and dry in %, ions in mmol/100 g, weights in kg. */
export const MEASURE_PRECISION = {
  pol: 'numeric(6,2)',
  nat: 'numeric(6,2)',
  kal: 'numeric(6,2)',
  an: 'numeric(6,2)',
  glu: 'numeric(6,2)',
  dry: 'numeric(6,2)',
  weight_mea: 'numeric(9,3)',
  weight_nrm: 'numeric(9,3)',
  weight_cur: 'numeric(9,3)',
  weight_dif: 'numeric(9,3)',
  density: 'numeric(7,4)',
} as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sample')
    .addColumn('s_id', sid, (c) => c.notNull().check(sql`s_id ~ '^[0-9]{1,13}$'`))
    .addColumn('s_stamp', ts, (c) => c.notNull())
    .addColumn('name', 'varchar(64)')
    .addColumn('weight_net', sql.raw('numeric(9,3)'))
    .addColumn('weight_bru', sql.raw('numeric(9,3)'))
    .addColumn('weight_tar', sql.raw('numeric(9,3)'))
    .addColumn('quantity', 'integer')
    .addColumn('distance', sql.raw('numeric(9,2)'))
    .addColumn('date_crumbled', ts)
    .addColumn('s_flags', 'varchar(5)', (c) => c.notNull().defaultTo('-----'))
    .addColumn('lane', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`lane between 0 and 3`))
    .addColumn('comment', 'text')
    .addColumn('date_exported', ts)
    .addPrimaryKeyConstraint('sample_pk', ['s_id', 's_stamp'])
    .execute();
  await db.schema.createIndex('sample_s_stamp_idx').on('sample').column('s_stamp').execute();
  // "ends with" on sId: match the reversed id against the reversed suffix as a prefix.
  await sql`create index sample_s_id_reverse_idx on sample ((reverse(s_id)) text_pattern_ops)`.execute(db);
  await db.schema.createIndex('sample_s_flags_idx').on('sample').column('s_flags').execute();
  await db.schema.createIndex('sample_lane_idx').on('sample').column('lane').execute();

  let analysis = db.schema
    .createTable('analysis')
    .addColumn('a_id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('s_id', sid, (c) => c.notNull())
    .addColumn('s_stamp', ts, (c) => c.notNull())
    .addColumn('a_flags', 'varchar(11)', (c) => c.notNull().defaultTo('-----'))
    .addColumn('date_in', ts)
    .addColumn('date_out', ts);
  for (const [column, type] of Object.entries(MEASURE_PRECISION)) {
    analysis = analysis.addColumn(column, sql.raw(type));
  }
  await analysis
    .addColumn('lane', 'smallint', (c) => c.check(sql`lane between 0 and 3`))
    .addColumn('comment', 'text')
    .addColumn('date_exported', ts)
    .addForeignKeyConstraint('analysis_sample_fk', ['s_id', 's_stamp'], 'sample', ['s_id', 's_stamp'], (c) =>
      c.onDelete('cascade').onUpdate('cascade'),
    )
    .execute();
  await db.schema.createIndex('analysis_sample_idx').on('analysis').columns(['s_id', 's_stamp']).execute();
  await sql`create index analysis_s_id_reverse_idx on analysis ((reverse(s_id)) text_pattern_ops)`.execute(db);
  for (const column of ['date_in', 'date_out', 'a_flags', 'lane', 'pol', 'date_exported']) {
    await db.schema.createIndex(`analysis_${column}_idx`).on('analysis').column(column).execute();
  }

  await db.schema
    .createTable('box')
    .addColumn('b_id', 'varchar(20)', (c) => c.primaryKey().check(sql`b_id ~ '^[ABCDV][0-9]+$'`))
    .addColumn('name', 'varchar(20)', (c) => c.notNull())
    .addColumn('num_max', 'smallint', (c) => c.notNull().check(sql`num_max between 1 and 40`))
    .addColumn('type', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`type between 0 and 3`))
    .addColumn('comment', 'text')
    .addColumn('date_exported', ts)
    .execute();

  // The key is deferrable so that renumbering a box's positions can swap numbers in one transaction.
  await sql`
    create table box_position (
      b_id varchar(20) not null references box (b_id) on delete cascade on update cascade,
      box_pos_id smallint not null check (box_pos_id between 1 and 40),
      s_id varchar(13) collate "C" not null,
      s_stamp timestamp(0) without time zone not null,
      date_exported timestamp(0) without time zone,
      constraint box_position_pk primary key (b_id, box_pos_id) deferrable initially immediate,
      constraint box_position_sample_fk foreign key (s_id, s_stamp)
        references sample (s_id, s_stamp) on delete cascade on update cascade
    )`.execute(db);
  // A sample sits in one place; its boxPos ('<bId>/<boxPosId>') is a single value.
  await db.schema
    .createIndex('box_position_sample_uq')
    .on('box_position')
    .columns(['s_id', 's_stamp'])
    .unique()
    .execute();

  await db.schema
    .createTable('screen')
    .addColumn('scr_id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', sql`varchar(13) collate "C"`, (c) => c.notNull().check(sql`name ~ '^[0-9]{1,13}$'`))
    .addColumn('comment', 'text')
    .addColumn('date_created', ts, (c) => c.notNull().defaultTo(sql`localtimestamp(0)`))
    .execute();
  await db.schema.createIndex('screen_name_idx').on('screen').column('name').execute();

  // Screen items name samples that may not have arrived yet, so there is no foreign key to sample.
  await db.schema
    .createTable('screen_item')
    .addColumn('scr_id', 'bigint', (c) => c.notNull().references('screen.scr_id').onDelete('cascade'))
    .addColumn('s_id', sid, (c) => c.notNull())
    .addColumn('s_stamp', ts)
    .addColumn('name', 'varchar(64)')
    .addPrimaryKeyConstraint('screen_item_pk', ['scr_id', 's_id'])
    .execute();
  await db.schema.createIndex('screen_item_s_id_idx').on('screen_item').column('s_id').execute();

  await db.schema
    .createTable('config_limit')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('info', 'text', (c) => c.notNull())
    .addColumn('min', sql.raw('numeric(12,4)'), (c) => c.notNull())
    .addColumn('max', sql.raw('numeric(12,4)'), (c) => c.notNull())
    .addColumn('last_modified', ts, (c) => c.notNull().defaultTo(sql`localtimestamp(0)`))
    .addCheckConstraint('config_limit_min_max', sql`min <= max`)
    .execute();

  await db.schema
    .createTable('config_setting')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('info', 'text', (c) => c.notNull())
    .addColumn('value', 'text')
    .addColumn('start_at', ts)
    .addColumn('end_at', ts)
    .addColumn('last_modified', ts, (c) => c.notNull().defaultTo(sql`localtimestamp(0)`))
    .execute();

  await db.schema
    .createTable('sync_config')
    .addColumn('sync_id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('status', 'varchar(10)', (c) =>
      c.notNull().defaultTo('UNKNOWN').check(sql`status in ('UNKNOWN','DONE','RUNNING','ERROR')`),
    )
    .addColumn('last_sync', ts)
    .addColumn('time_interval', 'integer', (c) => c.notNull().defaultTo(10).check(sql`time_interval > 0`))
    .addColumn('unit', 'varchar(10)', (c) =>
      c.notNull().defaultTo('MINUTES').check(sql`unit in ('SECONDS','MINUTES','HOURS','DAYS')`),
    )
    .addColumn('last_modified', ts, (c) => c.notNull().defaultTo(sql`localtimestamp(0)`))
    .execute();

  await db.schema
    .createTable('sync_run')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('sync_id', 'varchar(16)', (c) => c.notNull().references('sync_config.sync_id').onDelete('cascade'))
    .addColumn('started_at', ts, (c) => c.notNull())
    .addColumn('finished_at', ts)
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('files_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('log', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sync_run_sync_started_idx').on('sync_run').columns(['sync_id', 'started_at']).execute();

  await db.schema
    .createTable('hw_log')
    .addColumn('log_id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('date_created', ts, (c) => c.notNull())
    .addColumn('level', 'varchar(10)', (c) => c.notNull())
    .addColumn('info', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hw_log_date_created_idx').on('hw_log').column('date_created').execute();

  await db.schema
    .createTable('app_user')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('email', 'text', (c) => c.notNull().unique().check(sql`email = lower(email)`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull().check(sql`role in ('ROLE_ADMIN','ROLE_READER')`))
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(sql`localtimestamp(0)`))
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(sql`localtimestamp(0)`))
    .execute();

  // Export jobs are shared state between instances (several servers, one volume): the file name is
  // the key the client polls with, and it is scoped to the user who started the job.
  await db.schema
    .createTable('export_job')
    .addColumn('file_name', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('owner_email', 'text', (c) => c.notNull())
    .addColumn('resource', 'varchar(16)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) =>
      c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING','RUNNING','DONE','FAILED')`),
    )
    .addColumn('query', 'jsonb', (c) => c.notNull())
    .addColumn('attributes', 'jsonb', (c) => c.notNull())
    .addColumn('total_items', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(sql`localtimestamp(0)`))
    .addColumn('finished_at', ts)
    .addColumn('downloaded_at', ts)
    .execute();
  await db.schema.createIndex('export_job_owner_idx').on('export_job').columns(['owner_email', 'created_at']).execute();
  await db.schema.createIndex('export_job_status_idx').on('export_job').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('audit_event')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('at', ts, (c) => c.notNull().defaultTo(sql`localtimestamp(0)`))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'varchar(10)', (c) => c.notNull().check(sql`action in ('create','update','delete')`))
    .addColumn('entity', 'varchar(32)', (c) => c.notNull())
    .addColumn('entity_key', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .execute();
  await db.schema.createIndex('audit_event_entity_idx').on('audit_event').columns(['entity', 'entity_key']).execute();
  await db.schema.createIndex('audit_event_at_idx').on('audit_event').column('at').execute();

  await seed(db);
}

/** Limits for every measured value: ranges a sugar-beet lab accepts without a second look. */
export const DEFAULT_LIMITS: readonly { name: string; info: string; min: string; max: string }[] = [
  { name: 'pol', info: 'Polarisation (sugar content) in % of beet', min: '10', max: '25' },
  { name: 'nat', info: 'Sodium in mmol/100 g beet', min: '0.1', max: '5' },
  { name: 'kal', info: 'Potassium in mmol/100 g beet', min: '1.5', max: '10' },
  { name: 'an', info: 'Amino-N in mmol/100 g beet', min: '0.3', max: '6' },
  { name: 'glu', info: 'Glucose (invert sugar) in mmol/100 g beet', min: '0', max: '5' },
  { name: 'dry', info: 'Dry substance in % of beet', min: '15', max: '30' },
  { name: 'density', info: 'Density of the brei in g/cm³', min: '0.9', max: '1.3' },
  { name: 'weightNet', info: 'Net weight of the sample in kg', min: '0', max: '50' },
  { name: 'weightMea', info: 'Measured weight in kg', min: '0', max: '50' },
  { name: 'weightNrm', info: 'Normalised weight in kg', min: '0', max: '50' },
  { name: 'weightCur', info: 'Current weight in kg', min: '0', max: '50' },
  { name: 'weightDif', info: 'Weight difference in kg', min: '-5', max: '5' },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function seed(db: Kysely<any>): Promise<void> {
  await db.insertInto('config_limit').values(DEFAULT_LIMITS.map((l) => ({ ...l }))).execute();
  await db
    .insertInto('config_setting')
    .values([
      {
        name: 'campaign',
        info: 'Campaign period: Analysis, Samples and reports show samples stamped within it (either end may be open)',
        value: null,
        start_at: null,
        end_at: null,
      },
      { name: 'aminoFactor', info: 'Factor applied to amino-N (between 1 and 20)', value: '1', start_at: null, end_at: null },
    ])
    .execute();
  await db
    .insertInto('sync_config')
    .values(['Analysis', 'Sample', 'Box', 'Log'].map((sync_id) => ({ sync_id })))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'audit_event',
    'export_job',
    'app_user',
    'hw_log',
    'sync_run',
    'sync_config',
    'config_setting',
    'config_limit',
    'screen_item',
    'screen',
    'box_position',
    'box',
    'analysis',
    'sample',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
