// PDF renders of the Analysis and Samples PDF buttons, off the event loop and bounded. pdfkit lays
// out every row synchronously: on the server's own thread a 5,000-row PDF stalled every other
// request for about 4 s, and four at once made a 30 ms view wait 9 s. So each render runs in a
// worker thread (pdf-worker.ts), and at most `perUser` renders per user and `total` in all run at
// once; past that the request is refused with 503 and the spec's busy message (docs/dev/product-rules.md#messages), which the
// client shows as it does for a busy export.
import { Worker } from 'node:worker_threads';
import { SERVER_BUSY } from '../../domain/messages';
import { HttpError } from '../http/errors';
import { workerBootScript } from '../worker-boot';
import type { PdfTable } from './pdf-table';

export interface PdfLimits {
  perUser: number;
  total: number;
}

/** One per user: a second PDF of the same person waits for nothing useful; two in all per process. */
export const DEFAULT_PDF_LIMITS: PdfLimits = { perUser: 1, total: 2 };

export interface PdfHooks {
  /** Right before the table goes to the worker: tests hold renders here to make them overlap. */
  beforeRender?: () => void | Promise<void>;
}

const BOOT = workerBootScript('pdf-worker', import.meta.url);

export class PdfRenders {
  limits: PdfLimits;
  hooks: PdfHooks = {};
  readonly #byUser = new Map<string, number>();
  #total = 0;
  readonly #workers = new Set<Worker>();

  constructor(limits: PdfLimits = DEFAULT_PDF_LIMITS) {
    this.limits = { ...limits };
  }

  get running(): number {
    return this.#total;
  }

  /** Takes a render slot for `user` (released by the returned function, once) or throws 503. */
  take(user: string): () => void {
    const mine = this.#byUser.get(user) ?? 0;
    if (this.#total >= this.limits.total || mine >= this.limits.perUser)
      throw new HttpError(503, SERVER_BUSY);
    this.#total += 1;
    this.#byUser.set(user, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total -= 1;
      const left = (this.#byUser.get(user) ?? 1) - 1;
      if (left > 0) this.#byUser.set(user, left);
      else this.#byUser.delete(user);
    };
  }

  /** The table as a PDF file, rendered in a worker thread. */
  async render(table: PdfTable): Promise<Buffer> {
    await this.hooks.beforeRender?.();
    const worker = new Worker(BOOT, { eval: true, workerData: table });
    this.#workers.add(worker);
    try {
      const bytes = await new Promise<Uint8Array>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) =>
          reject(new Error(`PDF worker ended (exit code ${code}) without a file`)),
        );
      });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } finally {
      this.#workers.delete(worker);
      void worker.terminate();
    }
  }

  /** Server closing: stops the renders in flight (their requests fail). */
  async close(): Promise<void> {
    await Promise.all([...this.#workers].map((w) => w.terminate()));
  }
}
