// The docs/dev/product-rules.md#field-rules rules for one row being edited or created, from its resource's column registry, over the flat
// form a table row edits (field name → text or number). The snackbar collects the messages (spec
// docs/dev/product-rules.md#field-rules: "Field validation messages are collected and shown in the snackbar").
import { fieldRules } from './columns/registry';
import { measurementErrors, type LimitBounds } from './rules/measurement';
import type { FieldValue } from './rules/fields';
import { resourceOf, type ResourceName } from './resources';

/** A resource whose rows are edited (all of them: row edit derives its rules from the registry). */
export type RowEntity = ResourceName;

/** A row as its edit fields hold it: 'sId' and 'sStamp' stand for the nested sample id. */
export type RowDraft = Record<string, FieldValue>;

/**
 * The messages for the fields present in the draft: the registry's rules in registry order, then
 * the measured values against the limits.
 */
export const rowErrors = (entity: RowEntity, draft: RowDraft, limits: readonly LimitBounds[]): string[] => {
  const rules = fieldRules(resourceOf(entity).registry);
  const fieldErrors = Object.keys(rules).flatMap((field) => {
    if (!(field in draft)) return [];
    const message = rules[field]!(draft[field]);
    return message ? [message] : [];
  });
  return [...fieldErrors, ...measurementErrors(draft, limits)];
};

/** How the snackbar shows the collected messages. */
export const joinErrors = (errors: readonly string[]): string => errors.join(', ');
