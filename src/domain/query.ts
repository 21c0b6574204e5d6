// Query parameters of the list views (docs/dev/architecture.md#api-contract), validated alike by the server's route schema
// and by the client before it sends. The wire shape stays strings; the server turns `filter` into
// typed terms with parseFilters once the schema has accepted it.
import { z } from 'zod';
import { EXCLUSIONS, LIST_PAGE_SIZES, MAX_SELECTION, SCREEN_PAGE_SIZES } from './constants';
import { isValidFilterTerm } from './filter';
import { parseSampleKey } from './ids';
import { FILTER_MISMATCH, SELECTION_TOO_LARGE } from './messages';

/** A query-string parameter that may appear once (string) or repeatedly (array). */
export const repeated = <T extends z.ZodType<string>>(item: T) =>
  z
    .union([item, z.array(item)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

export const commaList = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? [] : v.split(',').map((s) => s.trim())));

export const SORT_PATTERN = /^[A-Za-z][\w.]*,(asc|desc)$/;
const AID_ITEM = /^\d+$/;
const SID_ITEM = /^\d{1,13}$/;

export const listQueryShape = (sizes: readonly number[], defaultSize: number) => ({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce
    .number()
    .int()
    .refine((n) => sizes.includes(n), `size must be one of ${sizes.join(', ')}`)
    .default(defaultSize),
  sort: repeated(z.string().regex(SORT_PATTERN, 'sort must be field,asc or field,desc')),
  filter: repeated(z.string().refine(isValidFilterTerm, FILTER_MISMATCH)),
});

/** Boxes and screen items: page, size, sort, filter. */
export const listQuerySchema = (sizes: readonly number[] = LIST_PAGE_SIZES, defaultSize = 25) =>
  z.object(listQueryShape(sizes, defaultSize));

/** The `campaign` value that lifts the campaign bound of one view (issue 27: 'Show them'). */
export const ALL_CAMPAIGNS = 'all' as const;

/** Analysis and samples add selection, selectionSId, exclusion and campaign. */
export const selectionQuerySchema = (sizes: readonly number[] = LIST_PAGE_SIZES, defaultSize = 50) =>
  z.object({
    ...listQueryShape(sizes, defaultSize),
    selection: commaList
      .refine((items) => items.length <= MAX_SELECTION, SELECTION_TOO_LARGE)
      .refine(
        (items) => items.every((i) => AID_ITEM.test(i) || parseSampleKey(i) !== null),
        'selection holds aIds or sample IDs sId|sStamp',
      ),
    selectionSId: commaList
      .refine((items) => items.length <= MAX_SELECTION, SELECTION_TOO_LARGE)
      .refine((items) => items.every((i) => SID_ITEM.test(i)), 'selectionSId holds sIds'),
    exclusion: repeated(z.enum(EXCLUSIONS)),
    campaign: z
      .enum([ALL_CAMPAIGNS])
      .optional()
      .describe(`'${ALL_CAMPAIGNS}': the campaign does not bound this view (the user chose to see the rows outside it)`),
  });

export const screensQuerySchema = () => listQuerySchema(SCREEN_PAGE_SIZES, 10);

export type ListQuery = z.output<ReturnType<typeof listQuerySchema>>;
export type SelectionQuery = z.output<ReturnType<typeof selectionQuerySchema>>;


export const sortParam = (field: string, direction: 'asc' | 'desc'): string => `${field},${direction}`;

/** Serializes a query for the client: repeated keys for lists, comma lists for selections. */
export const toSearchParams = (q: Partial<SelectionQuery>): URLSearchParams => {
  const p = new URLSearchParams();
  if (q.page !== undefined) p.set('page', String(q.page));
  if (q.size !== undefined) p.set('size', String(q.size));
  for (const s of q.sort ?? []) p.append('sort', s);
  for (const f of q.filter ?? []) p.append('filter', f);
  if (q.selection?.length) p.set('selection', q.selection.join(','));
  if (q.selectionSId?.length) p.set('selectionSId', q.selectionSId.join(','));
  for (const e of q.exclusion ?? []) p.append('exclusion', e);
  if (q.campaign) p.set('campaign', q.campaign);
  return p;
};
