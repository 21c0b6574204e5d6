// The fields of a record as the row editor and the Create dialog hold them: text by field name
// ('sId' and 'sStamp' stand for the nested sample id, as in domain/rowRules), derived from the
// column registry. Each resource turns a record into these texts and back (its rowEdit.ts).
import type { ColumnFormat, ColumnRegistry, FieldColumn } from '../../../domain/columns/registry';
import { MEASUREMENT_FIELDS } from '../../../domain/constants';
import type { RowDraft, RowEntity } from '../../../domain/rowRules';
import { rowErrors } from '../../../domain/rowRules';
import { toNumber } from '../../../domain/rules/fields';
import type { LimitBounds } from '../../../domain/rules/measurement';

export type FieldKind = 'text' | 'number' | 'datetime';

export interface FieldSpec {
  id: string;
  label: string;
  kind: FieldKind;
  /** Part of the record's key: shown in the Create dialog, read-only in an analysis's row edit. */
  key?: boolean;
}

/** The registry fields of the form: the record's key fields, then every editable one (docs/dev/product-rules.md#records). */
const formColumns = <Row>(registry: ColumnRegistry<Row>, keyIds: readonly string[]): FieldColumn<Row>[] => [
  ...keyIds.flatMap((id) => registry.fields.filter((x) => x.id === id)),
  ...registry.fields.filter((x) => x.editable && !keyIds.includes(x.id)),
];

/** The form's fields from a registry: the record's key fields, then every editable one (docs/dev/product-rules.md#records). */
export const formFields = <Row>(registry: ColumnRegistry<Row>, keyIds: readonly string[]): FieldSpec[] =>
  formColumns(registry, keyIds).map((x) => ({
    id: x.id,
    label: x.label,
    kind: kindOf(x.format),
    ...(keyIds.includes(x.id) ? { key: true } : {}),
  }));

/** A record as the form's texts, and the texts back as the JSON a write takes (docs/dev/architecture.md#api-contract). */
export interface RecordForm<Row, Write> {
  fields: FieldSpec[];
  /** Each form field's text; `record` is a read record or a write template (the fields read the same paths). */
  texts(record: Row | Write): FieldTexts;
  /** Each form field's value at its canonical key's path: numbers, null for an empty text, '' for a key or flags. */
  body(texts: FieldTexts): Write;
}

export const recordForm = <Row, Write>(
  registry: ColumnRegistry<Row>,
  keyIds: readonly string[],
): RecordForm<Row, Write> => {
  const columns = formColumns(registry, keyIds);
  const valueOf = (column: FieldColumn<Row>, text: string | undefined): unknown => {
    if (keyIds.includes(column.id) || column.notNull) return text ?? '';
    return column.format === 'int' || column.format === 'dec' ? num(text) : textOrNull(text);
  };
  return {
    fields: formFields(registry, keyIds),
    texts: (record) => Object.fromEntries(columns.map((c) => [c.id, toText(c.get(record as Row))])),
    body: (texts) => {
      const out: Record<string, unknown> = {};
      for (const column of columns) setPath(out, column.key, valueOf(column, texts[column.id]));
      return out as Write;
    },
  };
};

/** Sets `path` ('sample.sampleId.sId') in `target`, creating the objects on the way. */
const setPath = (target: Record<string, unknown>, path: string, value: unknown): void => {
  const parts = path.split('.');
  let at = target;
  for (const part of parts.slice(0, -1)) {
    const next = (at[part] ??= {}) as Record<string, unknown>;
    at = next;
  }
  at[parts[parts.length - 1]!] = value;
};

const kindOf = (format: ColumnFormat): FieldKind =>
  format === 'time' ? 'datetime' : format === 'text' ? 'text' : 'number';

const MEASURED = new Set<string>(MEASUREMENT_FIELDS);

/**
 * Measured values a row edit has not touched stay out of the draft: values that arrived by sync
 * may lie outside the limits (flagged L/H), and the server checks only the values a write changes.
 */
const isMeasured = (field: string): boolean => MEASURED.has(field);

export const toText = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value);

export type FieldTexts = Record<string, string>;

/** The part of a loaded record the machine's draft starts with (see isMeasured). */
export const initialDraft = (editFields: readonly FieldSpec[], texts: FieldTexts): RowDraft =>
  Object.fromEntries(editFields.filter((s) => !isMeasured(s.id)).map((s) => [s.id, texts[s.id] ?? '']));

/** Numbers from the fields; a text that is no number goes as it is, for the server to name it. */
export const num = (text: string | undefined): number | null => {
  if (text === undefined || text.trim() === '') return null;
  return toNumber(text) ?? (text as unknown as number);
};
export const textOrNull = (text: string | undefined): string | null =>
  text === undefined || text.trim() === '' ? null : text;

/** A draft's values as the fields' texts. */
export const textsOf = (draft: RowDraft): FieldTexts =>
  Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, toText(v)]));

/** The record's texts with the draft's changes over them. */
export const mergedTexts = (base: FieldTexts, draft: RowDraft): FieldTexts => ({
  ...base,
  ...textsOf(draft),
});

/** The message of each field of the draft that breaks its rule (docs/dev/product-rules.md#field-rules), by field name. */
export const fieldErrorsOf = (
  entity: RowEntity,
  draft: RowDraft,
  limits: readonly LimitBounds[],
): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(draft)) {
    const [message] = rowErrors(entity, { [field]: value }, limits);
    if (message) out[field] = message;
  }
  return out;
};

/** What a user types into a number field: the de-AT decimal comma is taken as the dot. */
export const normalizeInput = (spec: FieldSpec | undefined, text: string): string =>
  spec?.kind === 'number' ? text.replace(',', '.') : text;
