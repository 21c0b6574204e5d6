// The worker thread of a PDF render (pdf-render.ts): renders the table it was started with and
// posts the file back. pdfkit lays out every row synchronously — 5,000 rows are seconds of CPU —
// so it runs here, off the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { renderPdfTable, type PdfTable } from './pdf-table';

const file = await renderPdfTable(workerData as PdfTable);
// A copy in its own ArrayBuffer (a small Buffer may sit in Node's shared pool), moved, not cloned.
const bytes = new Uint8Array(file);
parentPort!.postMessage(bytes, [bytes.buffer]);
