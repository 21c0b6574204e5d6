// What a resource tells row edit (docs/dev/product-rules.md#behaviour Row edit, Create, Delete): its fields, how a record
// becomes the fields' texts and back, its API calls and the words of its dialogs. Row edit itself
// (useRowEdit, the machine, the dialogs) knows no resource by name.
import type { Http } from '../../../api/http';
import type { RowEntity } from '../../../domain/rowRules';
import type { FieldSpec, FieldTexts } from './fields';

export interface RowEditResource {
  /** The machine's kind of record: its messages ('aId#…' / 'sId#…') and its rules. */
  rowEntity: RowEntity;
  /** 'Analysis', 'Sample' (dialog titles). */
  noun: string;
  /** 'Create new Analysis', 'Create Sample'. */
  createTitle: string;
  /** Said in the delete confirmation besides the question (what else the delete removes). */
  deleteWarning?: string;
  /** Create: the SampleTime is one of the sample's stamps (an analysis belongs to an existing sample). */
  pickStampOnCreate: boolean;
  /** Every field, for the Create dialog. */
  fields: readonly FieldSpec[];
  /** The fields a row edit changes. */
  editFields: readonly FieldSpec[];
  /** The Create dialog's start (docs/dev/product-rules.md#records Templates). */
  template(): FieldTexts;
  load(http: Http, id: string, signal: AbortSignal): Promise<{ texts: FieldTexts; version: number }>;
  update(http: Http, id: string, texts: FieldTexts, version: number): Promise<unknown>;
  remove(http: Http, id: string): Promise<unknown>;
  /** Answers the new record's row id. */
  create(http: Http, texts: FieldTexts): Promise<string>;
}
