// The Analysis SAP and ZFT (docs/dev/architecture.md#domain-decisions, layouts in docs/exports.md):
// the record layouts, and the write of the export: in the caller's transaction — the one that also
// finishes the file's job or answers the file — stamp dateExported and set the first flag to 'X' on
// exactly the exported analyses, with one audit event for the export. The Analysis export jobs (its
// export source's flagging) and the Screens ZFT both use it, so the rule is written once.
import { sql, type Transaction } from 'kysely';
import { ANALYSIS_RESOURCE } from '../../domain/resources/analysis';
import type { Database } from '../db/database';
import type { RecordLayout } from '../exports/formats';
import type { AnalysisRecord } from '../repositories/analysis';
import { recordAudit } from './audit';

/** Implied decimals, sign first: 17.45 with 2 decimals in 7 → '+001745'; null → blanks. */
export const implied = (value: number | null, width: number, decimals: number): string => {
  if (value === null) return ' '.repeat(width);
  const scaled = Math.round(Math.abs(value) * 10 ** decimals);
  const digits = String(scaled).padStart(width - 1, '0');
  if (digits.length > width - 1) throw new Error(`value ${value} does not fit ${width} characters`);
  return (value < 0 ? '-' : '+') + digits;
};

/** 'YYYY-MM-DD HH:mm:ss' → 'YYYYMMDDHHmmss'; null → 14 blanks. */
export const compactTime = (t: string | null): string =>
  t === null ? ' '.repeat(14) : t.replace(/[- :]/g, '').slice(0, 14).padEnd(14, ' ');

/** Only printable ASCII in the fixed layouts (a stray byte would shift every later field). */
const ascii = (text: string): string => text.replace(/[^\x20-\x7e]/g, '?');

export const SAP_RECORD_LENGTH = 138;

export const sapRecord = (r: AnalysisRecord): string =>
  'D' +
  r.sId.padStart(13, '0') +
  compactTime(r.sStamp) +
  String(r.aId).padStart(12, '0') +
  ascii(r.aFlags).slice(0, 7).padEnd(7, ' ') +
  compactTime(r.dateIn) +
  compactTime(r.dateOut) +
  [r.pol, r.nat, r.kal, r.an, r.glu, r.dry].map((v) => implied(v, 7, 2)).join('') +
  implied(r.weightNet, 10, 3) +
  implied(r.weightBru, 10, 3) +
  (r.lane === null ? ' ' : String(r.lane).slice(0, 1));

export const sapTrailer = (count: number): string =>
  ('T' + String(count).padStart(12, '0')).padEnd(SAP_RECORD_LENGTH, ' ');

const fixed = (v: number | null, decimals: number): string => (v === null ? '' : v.toFixed(decimals));
const zftText = (t: string | null): string => (t === null ? '' : ascii(t).replace(/;/g, ' '));

export const ZFT_HEADER = 'H;LABDESK-ZFT;1';

export const zftRecord = (r: AnalysisRecord): string =>
  [
    'A',
    r.sId,
    r.sStamp,
    String(r.aId),
    zftText(r.aFlags),
    zftText(r.dateIn),
    zftText(r.dateOut),
    ...[r.pol, r.nat, r.kal, r.an, r.glu, r.dry].map((v) => fixed(v, 2)),
    fixed(r.weightNet, 3),
    fixed(r.weightBru, 3),
    r.lane === null ? '' : String(r.lane),
  ].join(';');

export const zftTrailer = (count: number): string => `E;${count}`;

export const SAP_LAYOUT: RecordLayout<AnalysisRecord> = { record: sapRecord, trailer: sapTrailer };
export const ZFT_LAYOUT: RecordLayout<AnalysisRecord> = {
  header: ZFT_HEADER,
  record: zftRecord,
  trailer: zftTrailer,
};

/** aIds per UPDATE inside the flagging transaction (bounded statement size). */
const FLAG_BATCH = 10_000;

export const markAnalysesExported = async (
  trx: Transaction<Database>,
  aIds: readonly number[],
  audit: { actor: string; key: string; after: Record<string, unknown> },
): Promise<void> => {
  for (let i = 0; i < aIds.length; i += FLAG_BATCH) {
    const batch = aIds.slice(i, i + FLAG_BATCH);
    // The SQL form of the domain's markExported (first flag 'X', the rest kept; empty flags
    // become 'X----'), applied to the values as they are at commit time.
    await sql`update analysis set
        a_flags = case when coalesce(a_flags, '') = '' then 'X----' else 'X' || substr(a_flags, 2) end,
        date_exported = localtimestamp(0)
      where a_id = any(${`{${batch.join(',')}}`}::bigint[])`.execute(trx);
  }
  await recordAudit(trx, {
    actor: audit.actor,
    action: 'update',
    entity: ANALYSIS_RESOURCE.auditEntity,
    key: audit.key,
    after: { ...audit.after, aFlags: 'X…', dateExported: 'now' },
  });
};
