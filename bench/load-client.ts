// The load bench's client (bench/load.ts), in a process of its own: autocannon parses every answer
// (a 15,000-row page is 7 MB), and in the server's process that work took the server's one thread,
// so the bench measured the server and its client together. A client elsewhere is what the lab has.
// Started by fork() with one run's options; sends back one RunResult and exits.
import autocannon from 'autocannon';

export interface RunOptions {
  url: string;
  connections: number;
  duration: number;
  token: string;
}

export interface RunResult {
  reqPerS: number;
  /** Each answer's time in ms, in the order they came. */
  times: number[];
  errors: number;
  non2xx: number;
}

/** One autocannon run; each answer's time is recorded (autocannon's own histogram has no p95). */
export const runLoad = ({ url, connections, duration, token }: RunOptions): Promise<RunResult> =>
  new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(
      { url, connections, duration, timeout: 30, headers: { authorization: `Bearer ${token}` } },
      (error, result) => {
        if (error) reject(error);
        else resolve({ reqPerS: result.requests.average, times, errors: result.errors + result.timeouts, non2xx: result.non2xx });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });

// Forked by bench/load.ts: one message in, one out.
if (process.send) {
  process.once('message', (options: RunOptions) => {
    runLoad(options).then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (error: unknown) => process.send!({ error: String(error) }, () => process.exit(1)),
    );
  });
}
