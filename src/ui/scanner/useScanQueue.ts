// React wiring of the scan queue machine: `scan` takes an id at once (from the wedge listener or
// from a scan field's Enter), `handle` is the page's effect for one id, run strictly one after the
// other. `pending` counts the ids taken but not finished, for a quiet "n scans waiting" hint.
import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { pendingScans, scanQueueMachine } from '../../machines/scanQueue.machine';

export interface ScanQueue {
  scan(code: string): void;
  pending: number;
}

export function useScanQueue(
  handle: (code: string) => Promise<unknown>,
  onFailure: (code: string, error: unknown) => void,
): ScanQueue {
  const latest = useRef({ handle, onFailure });
  useEffect(() => {
    latest.current = { handle, onFailure };
  });
  const [machine] = useState(() =>
    scanQueueMachine.provide({
      actors: { handle: fromPromise(({ input }) => latest.current.handle(input.code)) },
      actions: { reportFailure: (_, { code, error }) => latest.current.onFailure(code, error) },
    }),
  );
  const actor = useActorRef(machine);
  const pending = useSelector(actor, pendingScans);
  const [scan] = useState(() => (code: string) => actor.send({ type: 'SCAN', code }));
  return { scan, pending };
}
