// The export plugin: this process's export jobs and PDF renders, decorated on the app so that the
// export routes (routes/exports.ts) and tests reach them. Not encapsulated (fastify-plugin) on
// purpose: running jobs give way to every request of the app, so its request hooks are app-wide.
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { PdfRenders } from './pdf-render';
import { ExportService, type ExportServiceOptions } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The export jobs of this process (tests lower maxRunning and inject failures through it). */
    exportJobs: ExportService;
    /** PDF renders of this process: worker threads, bounded per user and in all (pdf-render.ts). */
    pdfRenders: PdfRenders;
  }
}

export type ExportPluginOptions = Partial<Pick<ExportServiceOptions, 'maxRunning' | 'chunk'>>;

const exports = async (app: FastifyInstance, options: ExportPluginOptions): Promise<void> => {
  const service = new ExportService({
    db: app.db,
    dataDir: app.config.dataDir,
    timezone: app.config.timezone,
    log: app.log,
    maxRunning: options.maxRunning,
    chunk: options.chunk,
    limits: app.config.exports,
  });
  app.decorate('exportJobs', service);
  const renders = new PdfRenders();
  app.decorate('pdfRenders', renders);
  app.addHook('onClose', async () => renders.close());
  app.addHook('onReady', async () => service.startSchedule());
  // Running jobs pause between chunks while a request is in flight. A request ends once, whether
  // answered or aborted.
  const ended = async (req: { raw: object }) => service.requestEnded(req.raw);
  app.addHook('onRequest', async (req) => service.requestStarted(req.raw));
  app.addHook('onResponse', ended);
  app.addHook('onRequestAbort', ended);
  app.addHook('onClose', async () => service.close());
};

export const exportPlugin = fastifyPlugin(exports, { name: 'labdesk-exports', fastify: '5.x' });
