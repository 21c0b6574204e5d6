// What a resource declares once for both sides (browser and server): its fields (the column
// registry), how the spec's messages name one of its records, how a draft names itself when a
// create fails, and what it offers (file exports through the jobs, SAP/ZFT, a selection). The
// resource table (./index.ts) lists every resource; code that serves "any resource" reads its
// descriptor and never branches on its name.
import type { ColumnRegistry } from '../columns/registry';
import type { RecordKey, RowNoun } from '../messages';
import type { RowDraft } from '../rowRules';

export interface ResourceDescriptor<Row = never> {
  /** The path segment of its API ('/api/<name>/…') and the name the table registers it under. */
  name: string;
  registry: ColumnRegistry<Row>;
  /** How docs/dev/product-rules.md#messages's messages name one record: 'aId#…', 'sId#…', 'bId#…', 'scrId#…'. */
  recordKey: RecordKey;
  /** The name its audit events carry ('sample', 'box'…), where 'Show history' of a row leads. */
  auditEntity: string;
  /** How messages count its rows ('3 analyses outside the campaign'). */
  rowNoun: RowNoun;
  /** How a failed create names the record it meant (docs/dev/product-rules.md#messages: the key as the form holds it). */
  draftLabel(draft: RowDraft): string;
  /** CSV/XLSX/PDF exports through the export jobs (docs/dev/product-rules.md#behaviour Export). */
  fileExports: boolean;
  /** SAP and ZFT as well (they lay out analyses, docs/dev/architecture.md#domain-decisions). */
  flaggingExports: boolean;
  /** It takes a selection (the Selection card, docs/dev/product-rules.md#screens). */
  selection: boolean;
  /** Its page's snackbar may stay open while validation errors exist (docs/dev/product-rules.md#behaviour Notifications). */
  persistentNotifications: boolean;
}
