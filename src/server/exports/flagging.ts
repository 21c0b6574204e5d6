// The write of SAP and ZFT exports (docs/dev/architecture.md#domain-decisions): in the caller's transaction — the one that
// also finishes the file's job or answers the file — stamp dateExported and set the first flag to
// 'X' on exactly the exported analyses, with one audit event for the export. The Analysis export
// jobs and the Screens ZFT both use it, so the rule is written once.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import { recordAudit } from '../services/audit';
import { ANALYSIS_RESOURCE } from '../../domain/resources/analysis';

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
