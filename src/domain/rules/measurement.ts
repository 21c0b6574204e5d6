// Values typed by hand must lie inside the server's limit of the same name (docs/dev/product-rules.md#field-rules, last row;
// docs/dev/architecture.md#domain-decisions Flags). Synced values are not judged here: they are kept and flagged L/H.
import { MEASUREMENT_FIELDS, type MeasurementField } from '../constants';
import { betweenMessage } from '../messages';
import { isEmpty, toNumber, type FieldValue } from './fields';

/** The part of a Limit this rule needs; min and max are text numbers as the server sends them. */
export interface LimitBounds {
  name: string;
  min: string | number | null;
  max: string | number | null;
}

/** Shown in place of min and max when no usable limit is known, so the row's one message still applies. */
export const UNKNOWN_BOUND = '?';

export const findLimit = <L extends LimitBounds>(name: string, limits: readonly L[]): L | undefined =>
  limits.find((l) => l.name === name);

/** Empty passes; otherwise numeric and inside [min, max] of the limit named `name`, which must exist. */
export const validateMeasurement = (
  name: string,
  value: FieldValue,
  limits: readonly LimitBounds[],
): string | null => {
  if (isEmpty(value)) return null;
  const limit = findLimit(name, limits);
  const min = limit ? toNumber(limit.min) : null;
  const max = limit ? toNumber(limit.max) : null;
  if (!limit || min === null || max === null) return betweenMessage(name, UNKNOWN_BOUND, UNKNOWN_BOUND);
  const n = toNumber(value);
  return n !== null && n >= min && n <= max ? null : betweenMessage(name, limit.min!, limit.max!);
};

/** Every measurement field present in `record` checked against the limits; messages in field order. */
export const measurementErrors = (
  record: Partial<Record<MeasurementField, FieldValue>>,
  limits: readonly LimitBounds[],
): string[] =>
  MEASUREMENT_FIELDS.flatMap((f) => {
    const m = f in record ? validateMeasurement(f, record[f], limits) : null;
    return m ? [m] : [];
  });
