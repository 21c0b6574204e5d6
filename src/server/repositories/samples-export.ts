// The Samples export's SELECT (exports/queries.ts has the shared parts and why they are shaped so):
// the view's rows in the view's order, the requested cells for CSV and XLSX.
import { sql } from 'kysely';
import {
  cellsShape,
  decodeWith,
  fieldKeys,
  unpack,
  type Cells,
  type ExportQuery,
  type Shape,
} from '../exports/queries';
import type { Campaign } from '../views/campaign';
import type { ViewRequest } from '../views/request';
import { orderBy } from '../views/sql';
import { SAMPLE_FIELDS, samplesWhere, type SampleRecord } from './samples';

export const decodeSample = decodeWith<SampleRecord>(SAMPLE_FIELDS);
export const SAMPLE_FIELD_KEYS = fieldKeys(SAMPLE_FIELDS);

const SAMPLE_FROM = sql`from sample s left join box_position bp on bp.s_id = s.s_id and bp.s_stamp = s.s_stamp`;

const sampleQuery = <R>(
  request: ViewRequest,
  campaign: Campaign,
  shape: Shape<R>,
  keyOf: (r: R) => readonly [string, string],
): ExportQuery<R> => {
  const where = samplesWhere(request, campaign);
  const order = orderBy(request.sort, SAMPLE_FIELDS.sortColumns);
  const [first, second] = request.sort;
  const byKey =
    request.sort.length === 2 &&
    first!.field === 'sampleId.sStamp' &&
    second!.field === 'sampleId.sId' &&
    first!.direction === second!.direction
      ? first!.direction
      : undefined;
  return {
    query: sql<{ j: string }>`select ${shape.select}
      from (select s, bp ${SAMPLE_FROM} where ${where} order by ${order} offset 0) t
      ${unpack('s')} ${unpack('bp')}`,
    decode: shape.decode,
    ...(byKey && {
      keyset: {
        page: (after, limit) => {
          let next = sql`true`;
          if (after !== null) {
            const [stamp, id] = keyOf(after);
            next = sql`(s.s_stamp, s.s_id) ${sql.raw(byKey === 'desc' ? '<' : '>')} (${stamp}::timestamp, ${id})`;
          }
          return sql<{ j: string }>`select ${shape.select} ${SAMPLE_FROM}
            where ${where} and ${next} order by ${order} limit ${limit}`;
        },
      },
    }),
  };
};

/** The requested sample cells; the last two cells are the sample time and id. */
export const sampleCellsQuery = (
  request: ViewRequest,
  campaign: Campaign,
  columns: readonly { sql: string }[],
): ExportQuery<Cells> =>
  sampleQuery(request, campaign, cellsShape(columns, ['s.s_stamp::text', 's.s_id']), (v) => [
    v[columns.length] as string,
    v[columns.length + 1] as string,
  ]);
