// Export routes (docs/dev/product-rules.md#calls, docs/dev/architecture.md#api-contract/docs/dev/architecture.md#domain-decisions). Readers may export CSV, XLSX and PDF; SAP and ZFT
// flag the exported rows, so they are writes and need ROLE_ADMIN (403 otherwise):
//   GET /api/{analysis|samples}/export/{csv|xlsx|sap|zft}  → 200 text: the job's file name; 503 busy
//   GET /api/{analysis|samples}/export/pdf                 → 200 application/pdf at once; 400 above the cap
//   GET /api/export/check/{type}?file=                     → 404 not ready / unknown / not yours,
//                                                            200 ready {fileName, totalItems, skippedExported},
//                                                            422 no data, 500 failed
//   GET /api/export/download/{type}?file=                  → 200 attachment (then removed), 404 otherwise
//   GET /api/{analysis|samples}/exportfilename             → 200 text: your newest not downloaded job; 204 none
// The export query is the view's (same parsing: filters, sort, selection, exclusion, campaign) plus
// `attributes`, the visible columns in order (columns.ts whitelist). Details: docs/exports.md.
import { createReadStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../domain/auth';
import { EXPORT_FAILED, NO_DOWNLOAD, exportedRowsSkipped } from '../../domain/messages';
import { requireAdmin, userOf } from '../auth/plugin';
import { HTTP_MESSAGES, HttpError } from '../http/errors';
import { loadCampaign, type Campaign } from '../views/campaign';
import { LIST_PAGE_SIZES } from '../../domain/constants';
import { parseViewRequest, viewQuerySchemaOf, type ViewQuery, type ViewRequest } from '../views/request';
import { parseAttributes, resolveColumns, type ExportColumn } from '../exports/columns';
import { altersFlags, EXPORT_TYPES, exportCheckSchema } from '../../domain/exportJob';
import { CONTENT_TYPES, decimalText } from '../exports/formats';
import { PDF_ROW_CAP } from '../exports/pdf-table';
import { FILE_NAME, labStamp } from '../exports/service';
import { EXPORT_RESOURCES, EXPORT_SOURCES, type ExportResource } from '../exports/sources';

export const pdfTooLarge = (n: number): string =>
  `The PDF export is limited to ${PDF_ROW_CAP} rows but ${n > PDF_ROW_CAP ? 'more' : n} match. Please narrow the filter or export CSV or XLSX.`;

// page and size are ignored: any default does.
const exportQuerySchema = viewQuerySchemaOf(LIST_PAGE_SIZES[0]).extend({
  attributes: z.string().max(4000).optional().describe('comma list of the visible columns, in order'),
});
const fileQuerySchema = z.object({ file: z.string().max(128) });
const typeParam = z.object({ type: z.enum(EXPORT_TYPES) });
const startParam = z.object({ type: z.enum([...EXPORT_TYPES, 'pdf']) });
const security = [{ bearerAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

const pdfCell = (column: ExportColumn<unknown>, row: unknown): string | null => {
  const v = column.get(row);
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return column.kind === 'dec' ? decimalText(v) : String(v);
  return v;
};

const describeQuery = (query: ViewQuery, campaign: Campaign): string[] => {
  const filter = query.filter.length > 0 ? query.filter.join('; ') : 'none';
  const parts = [`Filter: ${filter}`];
  if (query.exclusion.length > 0) parts.push(`Exclusion: ${query.exclusion.join(', ')}`);
  if (query.selection.length > 0) parts.push(`Selection: ${query.selection.length} items`);
  if (query.selectionSId.length > 0) parts.push(`Sample IDs: ${query.selectionSId.length}`);
  if (query.sort.length > 0) parts.push(`Sort: ${query.sort.join('; ')}`);
  const lines = [parts.join('   ')];
  if (query.campaign) lines.push('Campaign: not applied (all campaigns)');
  else if (campaign.start || campaign.end)
    lines.push(`Campaign: ${campaign.start ?? '…'} - ${campaign.end ?? '…'}`);
  return lines;
};

const notFound = (reply: FastifyReply, message: string = HTTP_MESSAGES.notFound) =>
  reply.code(404).send({ message });

// The routes only: the jobs and the PDF renders are the export plugin's (exports/plugin.ts).
export const exportRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = app.exportJobs;
  const renders = app.pdfRenders;

  const pdf = async (
    resource: ExportResource,
    query: ViewQuery,
    request: ViewRequest,
    columns: ExportColumn<unknown>[],
    user: string,
    reply: FastifyReply,
  ) => {
    let release: () => void;
    try {
      release = renders.take(user);
    } catch (err) {
      // Sent directly: the error handler would replace a 5xx message, and the client shows this one.
      if (err instanceof HttpError && err.statusCode === 503)
        return reply.code(503).send({ message: err.message });
      throw err;
    }
    try {
      return await renderPdf(resource, query, request, columns, reply);
    } finally {
      release();
    }
  };

  const renderPdf = async (
    resource: ExportResource,
    query: ViewQuery,
    request: ViewRequest,
    columns: ExportColumn<unknown>[],
    reply: FastifyReply,
  ) => {
    const campaign = await loadCampaign(app.db);
    // One row over the cap tells "too many" without counting the whole set.
    const { rows } = await EXPORT_SOURCES[resource]
      .rowsQuery(request, campaign, PDF_ROW_CAP + 1)
      .execute(app.db.withoutPlugins());
    if (rows.length > PDF_ROW_CAP)
      throw new HttpError(400, pdfTooLarge(rows.length), [pdfTooLarge(rows.length)]);
    const stamp = labStamp(app.config.timezone);
    const created = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)} ${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}`;
    const body = await renders.render({
      title: EXPORT_SOURCES[resource].title,
      subtitle: [...describeQuery(query, campaign), `Created ${created} · ${rows.length} rows`],
      columns: columns.map((c) => ({
        header: c.header,
        width: c.width,
        align: c.kind === 'dec' || c.kind === 'int' ? 'right' : 'left',
      })),
      rows: rows.map((r) => columns.map((c) => pdfCell(c, r))),
    });
    return reply
      .type(CONTENT_TYPES.pdf)
      .header('content-disposition', `attachment; filename="${resource}_${stamp}.pdf"`)
      .send(body);
  };

  for (const resource of EXPORT_RESOURCES) {
    const source = EXPORT_SOURCES[resource];
    app.get(
      `/api/${resource}/export/:type`,
      {
        // The PDF reads and lays out its rows in the request (the jobs run apart, see service.ts).
        config: { heavyRead: (request) => (request.params as { type?: string }).type === 'pdf' },
        schema: {
          tags: [resource],
          summary: `Export the ${resource} view: csv/xlsx/sap/zft start a job and answer its file name; pdf answers the file`,
          description:
            'The view query (filter, sort, selection, selectionSId, exclusion; page and size are ignored) plus ' +
            `attributes, the visible columns in order. Types: ${source.types.join(', ')}, pdf. sap and zft need ROLE_ADMIN, ` +
            'mark the exported rows (first flag X, dateExported) and leave out rows already flagged X unless ' +
            `the aFlags filter starts with X. 503 while too many exports run. pdf: at most ${PDF_ROW_CAP} rows; 503 while too many PDFs render.`,
          security,
          params: startParam,
          querystring: exportQuerySchema,
          response: {
            200: z
              .string()
              .describe('csv/xlsx/sap/zft: the job file name (text/plain); pdf: the file (application/pdf)'),
            ...errors,
            403: apiErrorSchema,
            503: apiErrorSchema,
          },
        },
        // SAP and ZFT write (docs/dev/architecture.md#domain-decisions): the admin check of every write.
        preHandler: async (req, reply) => {
          if (req.params.type !== 'pdf' && altersFlags(req.params.type)) await requireAdmin(req, reply);
        },
      },
      async (req, reply) => {
        const user = userOf(req);
        const type = req.params.type;
        if (type !== 'pdf' && !source.types.includes(type)) {
          throw new HttpError(400, `Export type ${type} is not available for ${resource}`);
        }
        const { attributes, ...viewQuery } = req.query;
        const request = parseViewRequest(viewQuery, source.viewRules);
        const columns = resolveColumns<unknown>(source.columns, parseAttributes(attributes));
        if (type === 'pdf') return pdf(resource, viewQuery, request, columns, user.email, reply);
        let fileName: string;
        try {
          fileName = await service.start({
            resource,
            type,
            owner: user.email,
            request,
            query: req.query,
            columns: columns as ExportColumn<never>[],
          });
        } catch (err) {
          // Sent directly: the error handler would replace a 5xx message, and the client shows this
          // one; `errors` says which per-user bound was reached.
          if (err instanceof HttpError && err.statusCode === 503)
            return reply
              .code(503)
              .send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
          throw err;
        }
        return reply.type('text/plain; charset=utf-8').send(fileName);
      },
    );

    app.get(
      `/api/${resource}/exportfilename`,
      {
        schema: {
          tags: [resource],
          summary:
            'The file name of your newest export of this view that was not downloaded yet (text); 204 when none',
          security,
          response: { 200: z.string(), 204: z.null().describe('No export waiting'), ...errors },
        },
      },
      async (req, reply) => {
        const name = await service.lastFileName(userOf(req).email, resource);
        // Nothing waiting is the usual answer on every page load, not an error (no 404 in the
        // browser console of every visit).
        if (!name) return reply.code(204).send(null);
        return reply.type('text/plain; charset=utf-8').send(name);
      },
    );
  }

  app.get(
    '/api/export/check/:type',
    {
      schema: {
        tags: ['export'],
        summary: 'State of your export: 200 ready, 404 not yet (or unknown), 422 no data, 500 failed',
        description:
          'skippedExported (and, on a 422, errors): SAP/ZFT rows that matched but were left out because an ' +
          'earlier export had flagged them X.',
        security,
        params: typeParam,
        querystring: fileQuerySchema,
        response: {
          200: exportCheckSchema,
          ...errors,
          422: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const job = await service.job(userOf(req).email, req.query.file);
      if (!job || job.type !== req.params.type || job.downloadedAt !== null) return notFound(reply);
      // Ready once the download would find the file (a flagged export commits DONE just before).
      if (job.status === 'DONE' && (await service.fileInPlace(job.fileName)))
        return { fileName: job.fileName, totalItems: job.totalItems, skippedExported: job.skippedExported };
      if (job.status === 'FAILED') {
        // Sent directly: the error handler would replace a 5xx message with a generic one.
        if (job.error !== NO_DOWNLOAD) return reply.code(500).send({ message: EXPORT_FAILED });
        // Nothing left to export because every matching row was flagged X already: say so.
        return reply
          .code(422)
          .send(
            job.skippedExported > 0
              ? { message: NO_DOWNLOAD, errors: [exportedRowsSkipped(job.skippedExported)] }
              : { message: NO_DOWNLOAD },
          );
      }
      return notFound(reply, 'Export is not ready yet');
    },
  );

  app.get(
    '/api/export/download/:type',
    {
      schema: {
        tags: ['export'],
        summary: 'Your finished export as an attachment; the file is removed after the download',
        security,
        params: typeParam,
        querystring: fileQuerySchema,
        response: {
          200: z.unknown().describe('the file: a binary attachment named in content-disposition'),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const file = req.query.file;
      const job = await service.job(userOf(req).email, file);
      if (
        !job ||
        !FILE_NAME.test(file) ||
        job.type !== req.params.type ||
        job.status !== 'DONE' ||
        job.downloadedAt !== null
      ) {
        return notFound(reply);
      }
      // Claim the file by renaming it: a second, concurrent download finds nothing (404), and an
      // interrupted one puts it back so the user can try again.
      const sending = `${service.finalPath(file)}.sending`;
      try {
        await rename(service.finalPath(file), sending);
      } catch {
        return notFound(reply);
      }
      const stream = createReadStream(sending);
      let complete = false;
      stream.on('end', () => (complete = true));
      stream.on('close', () => {
        const after = complete
          ? rm(sending, { force: true }).then(() => service.markDownloaded(file))
          : rename(sending, service.finalPath(file));
        after.catch((err: unknown) => req.log.error({ err, file }, 'export file not tidied after download'));
      });
      return reply
        .type(CONTENT_TYPES[req.params.type])
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(stream);
    },
  );
};
