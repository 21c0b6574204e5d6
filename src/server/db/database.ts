// Table types for Kysely (camelCase through CamelCasePlugin), one interface per table of
// migrations/0001_schema.ts (with the columns later migrations add). Lab times travel as 'YYYY-MM-DD HH:mm:ss' strings, never JS Dates;
// numeric columns arrive as JS numbers (create-db installs the parsers) and may be written as
// numbers or decimal strings.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A lab wall-clock time 'YYYY-MM-DD HH:mm:ss'. */
export type LabTime = string;
type Numeric = ColumnType<number, number | string, number | string>;
type NullableNumeric = ColumnType<number | null, number | string | null | undefined, number | string | null>;
type Json = ColumnType<unknown, string | null, string | null>;
type DefaultedTime = ColumnType<LabTime, LabTime | undefined, LabTime>;
/**
 * A row version (migration 0002): starts at 1 and only the database's trigger bumps it, so
 * writers can neither insert nor set one.
 */
export type RowVersion = ColumnType<number, never, never>;

export interface SampleTable {
  sId: string;
  sStamp: LabTime;
  name: string | null;
  weightNet: NullableNumeric;
  weightBru: NullableNumeric;
  weightTar: NullableNumeric;
  quantity: number | null;
  distance: NullableNumeric;
  dateCrumbled: LabTime | null;
  sFlags: ColumnType<string, string | undefined, string>;
  lane: ColumnType<number, number | undefined, number>;
  comment: string | null;
  dateExported: LabTime | null;
  version: RowVersion;
}

export interface AnalysisTable {
  aId: ColumnType<number, number | undefined, never>;
  sId: string;
  sStamp: LabTime;
  aFlags: ColumnType<string, string | undefined, string>;
  dateIn: LabTime | null;
  dateOut: LabTime | null;
  pol: NullableNumeric;
  nat: NullableNumeric;
  kal: NullableNumeric;
  an: NullableNumeric;
  glu: NullableNumeric;
  dry: NullableNumeric;
  weightMea: NullableNumeric;
  weightNrm: NullableNumeric;
  weightCur: NullableNumeric;
  weightDif: NullableNumeric;
  density: NullableNumeric;
  lane: number | null;
  comment: string | null;
  dateExported: LabTime | null;
  version: RowVersion;
}

export interface BoxTable {
  bId: string;
  name: string;
  numMax: number;
  type: ColumnType<number, number | undefined, number>;
  comment: string | null;
  dateExported: LabTime | null;
  version: RowVersion;
  /** The version of the box's position list (migration 0007); writes bump it explicitly. */
  positionsVersion: ColumnType<number, never, number>;
}

export interface BoxPositionTable {
  bId: string;
  boxPosId: number;
  sId: string;
  sStamp: LabTime;
  dateExported: LabTime | null;
}

export interface ScreenTable {
  scrId: ColumnType<number, number | undefined, never>;
  name: string;
  comment: string | null;
  dateCreated: DefaultedTime;
  version: RowVersion;
}

export interface ScreenItemTable {
  scrId: number;
  sId: string;
  sStamp: LabTime | null;
  name: string | null;
}

export interface ConfigLimitTable {
  id: Generated<number>;
  name: string;
  info: string;
  min: Numeric;
  max: Numeric;
  lastModified: DefaultedTime;
  version: RowVersion;
}

export interface ConfigSettingTable {
  id: Generated<number>;
  name: string;
  info: string;
  value: string | null;
  startAt: LabTime | null;
  endAt: LabTime | null;
  lastModified: DefaultedTime;
  version: RowVersion;
}

export type SyncStatus = 'UNKNOWN' | 'DONE' | 'RUNNING' | 'ERROR';
export type SyncUnit = 'SECONDS' | 'MINUTES' | 'HOURS' | 'DAYS';

export interface SyncConfigTable {
  syncId: string;
  status: ColumnType<SyncStatus, SyncStatus | undefined, SyncStatus>;
  lastSync: LabTime | null;
  timeInterval: ColumnType<number, number | undefined, number>;
  unit: ColumnType<SyncUnit, SyncUnit | undefined, SyncUnit>;
  lastModified: DefaultedTime;
  version: RowVersion;
}

export interface SyncRunTable {
  id: Generated<number>;
  syncId: string;
  startedAt: LabTime;
  finishedAt: LabTime | null;
  status: SyncStatus;
  filesDone: ColumnType<number, number | undefined, number>;
  filesFailed: ColumnType<number, number | undefined, number>;
  rowsImported: ColumnType<number, number | undefined, number>;
  log: ColumnType<string, string | undefined, string>;
}

export interface SyncFileTable {
  syncId: string;
  fileName: string;
  contentHash: string;
  status: 'DONE' | 'FAILED';
  rowsImported: ColumnType<number, number | undefined, number>;
  reason: string | null;
  runId: number | null;
  importedAt: DefaultedTime;
  /** bigint: read as text by pg, as a number by PGlite; Number() it. */
  bytesImported: ColumnType<string | number, string | number | undefined, string | number>;
  doneName: string | null;
}

export interface HwLogTable {
  logId: ColumnType<number, number | undefined, never>;
  dateCreated: LabTime;
  level: string;
  info: string;
}

export interface AppUserTable {
  id: Generated<number>;
  email: string;
  passwordHash: string;
  role: 'ROLE_ADMIN' | 'ROLE_READER';
  createdAt: DefaultedTime;
  updatedAt: DefaultedTime;
  /**
   * Access tokens carry it (claim `cv`) and are refused once it changed: a trigger sets a new value
   * from a sequence whenever the password, role or email changes (migration 0002).
   */
  credentialVersion: ColumnType<number, never, never>;
}

export type ExportStatus = 'PENDING' | 'RUNNING' | 'DONE' | 'FAILED';

export interface ExportJobTable {
  fileName: string;
  ownerEmail: string;
  resource: string;
  type: string;
  status: ColumnType<ExportStatus, ExportStatus | undefined, ExportStatus>;
  query: Json;
  attributes: Json;
  totalItems: number | null;
  error: string | null;
  createdAt: DefaultedTime;
  finishedAt: LabTime | null;
  downloadedAt: LabTime | null;
}

export interface AuditEventTable {
  id: Generated<number>;
  at: DefaultedTime;
  actor: string;
  action: 'create' | 'update' | 'delete';
  entity: string;
  entityKey: string;
  before: Json;
  after: Json;
  /** The writing transaction's id (migration 0012): the events of one write share it; null before 0012. */
  changeId: ColumnType<number | null, never, never>;
  /** When the event was written (timestamptz as text); the undo window counts from it. */
  writtenAt: ColumnType<string | null, never, never>;
  /** On an undo's events: the change id it undid. */
  undoOf: ColumnType<number | null, number | undefined, number | null>;
}

export interface SigninAttemptTable {
  key: string;
  failures: number;
  /** timestamptz as text (type-parsers.ts); compared only in SQL. */
  windowEnds: string;
}

export interface ServerStateTable {
  name: string;
  value: string;
  updatedAt: ColumnType<string, string | undefined, string>;
}

/** One committed write's change to one resource (migration 0011, docs/dev/architecture.md#change-events). */
export interface ChangeEventTable {
  /** bigint: read as text by pg, as a number by PGlite; String() it. */
  id: ColumnType<string | number, never, never>;
  tx: ColumnType<string | number, never, never>;
  resource: string;
  keys: ColumnType<unknown, string, string>;
  count: number;
  version: number | null;
  actor: string | null;
  at: DefaultedTime;
}

export interface Database {
  sample: SampleTable;
  analysis: AnalysisTable;
  box: BoxTable;
  boxPosition: BoxPositionTable;
  screen: ScreenTable;
  screenItem: ScreenItemTable;
  configLimit: ConfigLimitTable;
  configSetting: ConfigSettingTable;
  syncConfig: SyncConfigTable;
  syncRun: SyncRunTable;
  syncFile: SyncFileTable;
  hwLog: HwLogTable;
  appUser: AppUserTable;
  exportJob: ExportJobTable;
  auditEvent: AuditEventTable;
  signinAttempt: SigninAttemptTable;
  serverState: ServerStateTable;
  changeEvent: ChangeEventTable;
}

export type SampleRow = Selectable<SampleTable>;
export type NewSample = Insertable<SampleTable>;
export type SampleUpdate = Updateable<SampleTable>;
export type AnalysisRow = Selectable<AnalysisTable>;
export type NewAnalysis = Insertable<AnalysisTable>;
export type AnalysisUpdate = Updateable<AnalysisTable>;
export type AppUserRow = Selectable<AppUserTable>;
export type NewAuditEvent = Insertable<AuditEventTable>;
