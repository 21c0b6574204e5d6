// The spec §5 rules for one row being edited or created on Analysis, Samples and Boxes, over the flat
// form a table row edits (field name → text or number). The snackbar collects the messages (spec
// §5: "Field validation messages are collected and shown in the snackbar").
import { BOXES_REGISTRY } from './columns/boxes';
import { fieldRules } from './columns/registry';
import { measurementErrors, type LimitBounds } from './rules/measurement';
import {
  optional,
  validateAFlags,
  validateDateTime,
  validateLane,
  validateSFlags,
  validateSId,
  type FieldValue,
  type Rule,
} from './rules/fields';

export type RowEntity = 'analysis' | 'sample' | 'box';

/** A row as its edit fields hold it: 'sId' and 'sStamp' stand for the nested sample id. */
export type RowDraft = Record<string, FieldValue>;

const ROW_RULES: Record<RowEntity, Record<string, Rule>> = {
  analysis: {
    sId: validateSId,
    sStamp: validateDateTime,
    aFlags: validateAFlags,
    lane: optional(validateLane),
    dateIn: optional(validateDateTime),
    dateOut: optional(validateDateTime),
    dateExported: optional(validateDateTime),
  },
  sample: {
    sId: validateSId,
    sStamp: validateDateTime,
    sFlags: validateSFlags,
    lane: optional(validateLane),
    dateCrumbled: optional(validateDateTime),
    dateExported: optional(validateDateTime),
  },
  // Boxes: the registry's rules (spec §5 Boxes).
  box: fieldRules(BOXES_REGISTRY),
};

/** The messages for the fields present in the draft, rules first, then the measured values. */
export const rowErrors = (entity: RowEntity, draft: RowDraft, limits: readonly LimitBounds[]): string[] => {
  const rules = ROW_RULES[entity];
  const fieldErrors = Object.keys(rules).flatMap((field) => {
    if (!(field in draft)) return [];
    const message = rules[field]!(draft[field]);
    return message ? [message] : [];
  });
  return [...fieldErrors, ...measurementErrors(draft, limits)];
};

/** How the snackbar shows the collected messages. */
export const joinErrors = (errors: readonly string[]): string => errors.join(', ');
