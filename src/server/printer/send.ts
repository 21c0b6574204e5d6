// Raw TCP to a ZPL label printer (docs/dev/architecture.md#domain-decisions Labels; port 9100 on Zebra and compatibles).
// Every step has a bounded wait, so a printer that is off, unplugged or hung answers the request
// within seconds instead of holding it for the client's 60 s.
import { Socket } from 'node:net';
import type { PrinterAddress } from '../config';

export interface PrinterTimeouts {
  /** Until the TCP connection is open. */
  connectMs: number;
  /** From the start until the printer took every byte. */
  totalMs: number;
  /**
   * After the last byte and our FIN have left: how long to wait for the printer to close its side
   * (or to reset, which means it refused the job). Printers that keep the socket open are taken as
   * having accepted the bytes when this runs out — the kernel has delivered them.
   */
  lingerMs: number;
}

export const DEFAULT_PRINTER_TIMEOUTS: PrinterTimeouts = { connectMs: 3_000, totalMs: 8_000, lingerMs: 1_000 };

export class PrinterError extends Error {
  override name = 'PrinterError';
}

const describe = (err: unknown): string => {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'ECONNREFUSED') return 'connection refused';
  if (e.code === 'EHOSTUNREACH' || e.code === 'ENETUNREACH') return 'host unreachable';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return 'unknown host';
  if (e.code === 'ECONNRESET' || e.code === 'EPIPE') return 'connection reset by the printer';
  return e.code ?? e.message;
};

/** Sends `data` and resolves once the printer has taken it; rejects with a PrinterError otherwise. */
export const sendToPrinter = (
  address: PrinterAddress,
  data: string | Uint8Array,
  timeouts: PrinterTimeouts = DEFAULT_PRINTER_TIMEOUTS,
): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const socket = new Socket();
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = (err?: PrinterError) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      socket.destroy();
      if (err) reject(err);
      else resolve();
    };
    const after = (ms: number, fn: () => void) => timers.push(setTimeout(fn, ms));

    after(timeouts.totalMs, () => finish(new PrinterError(`no answer within ${timeouts.totalMs / 1000} s`)));
    after(timeouts.connectMs, () => {
      if (socket.connecting) finish(new PrinterError(`connection timed out after ${timeouts.connectMs / 1000} s`));
    });
    socket.once('error', (err) => finish(new PrinterError(describe(err))));
    socket.once('close', (hadError) => {
      if (!hadError) finish();
    });
    socket.connect({ host: address.host, port: address.port }, () => {
      socket.end(data, () => after(timeouts.lingerMs, () => finish()));
    });
    // The printer talks back only on status requests, which this subset never sends; drain anyway.
    socket.resume();
  });
