// How column values come back from the database, the same on PGlite and PostgreSQL:
// - numeric and int8 → JS number. Measured values carry a few decimals and ids stay far below
//   2^53, so doubles are exact enough and the API sends JSON numbers anyway.
// - timestamp → the lab string 'YYYY-MM-DD HH:mm:ss' (fractional seconds dropped), date →
//   'YYYY-MM-DD'. Lab times are wall-clock values without a zone; a JS Date would shift them by
//   the server's offset, so none is ever created.
// Both sessions run with DateStyle ISO, which makes the server's text form the lab form already.

export const OID = {
  INT8: 20,
  NUMERIC: 1700,
  DATE: 1082,
  TIMESTAMP: 1114,
  TIMESTAMPTZ: 1184,
} as const;

const toNumber = (raw: string): number => Number(raw);

/** '2025-10-01 06:00:00.123456' → '2025-10-01 06:00:00'; anything else ('infinity', BC) unchanged. */
export const toLabDateTime = (raw: string): string =>
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\./.test(raw) ? raw.slice(0, 19) : raw;

const asIs = (raw: string): string => raw;

export const TYPE_PARSERS: Readonly<Record<number, (raw: string) => unknown>> = {
  [OID.INT8]: toNumber,
  [OID.NUMERIC]: toNumber,
  [OID.DATE]: asIs,
  [OID.TIMESTAMP]: toLabDateTime,
  // Not used by our schema; kept as text so a stray timestamptz never turns into a Date either.
  [OID.TIMESTAMPTZ]: asIs,
};
