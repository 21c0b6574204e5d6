// React wiring of the box-positions machine (src/machines/boxPositions.machine.ts) and the page's
// scan target (docs/dev/product-rules.md#screens Boxes, issue 'scan to position'): a scanned id goes, through the scan queue,
// to the machine as a SCAN, which places it in the next free position of the selected box and
// announces it; an unknown id, a full box or a sample boxed elsewhere gets the server's message and
// changes nothing. Readers' scans are skipped (docs/dev/product-rules.md#roles: the client skips admin calls silently).
import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, waitFor } from 'xstate';
import { createBoxPosition, deleteBoxPosition, getBoxPositions, putBoxPositions } from '../../../api/boxes';
import { getSampleTimestamps } from '../../../api/samples';
import { sampleNotFound } from '../../../domain/messages';
import {
  boxPositionsMachine,
  isDirty,
  type BoxPositionsSnapshot,
} from '../../../machines/boxPositions.machine';
import { useScanQueue, useScanTarget } from '../../scanner';
import { useAuth } from '../../state/AuthProvider';
import { useBusy } from '../../state/BusyProvider';
import { useNotifications } from '../../state/NotificationProvider';

const PAGE = { page: 'boxes' } as const;

/** States the list passes through on its own way back to 'ready' (or to no box / failed). */
const BUSY_STATES = ['loading', 'saving', 'creating', 'deleting', 'scanning'] as const;
const isBusy = (s: BoxPositionsSnapshot): boolean => BUSY_STATES.some((state) => s.matches(state));

export function useBoxPositions() {
  const { http, isAdmin } = useAuth();
  const { track } = useBusy();
  const { notify } = useNotifications();
  const latest = useRef({ http, track, notify });
  useEffect(() => {
    latest.current = { http, track, notify };
  });
  const [machine] = useState(() =>
    boxPositionsMachine.provide({
      actors: {
        load: fromPromise(({ input, signal }) =>
          latest.current.track(getBoxPositions(latest.current.http, input.bId, { signal })),
        ),
        save: fromPromise(({ input }) =>
          latest.current.track(
            putBoxPositions(latest.current.http, input.bId, input.positions, input.version),
          ),
        ),
        create: fromPromise(({ input }) =>
          latest.current.track(createBoxPosition(latest.current.http, input.bId, input.position)),
        ),
        remove: fromPromise(({ input }) =>
          latest.current.track(
            deleteBoxPosition(latest.current.http, input.bId, input.boxPosId, input.version),
          ),
        ),
        stamps: fromPromise(({ input, signal }) =>
          getSampleTimestamps(latest.current.http, input.sId, { signal }),
        ),
      },
      actions: { notify: (_, p) => latest.current.notify(p.kind, p.message, PAGE) },
    }),
  );
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (s: BoxPositionsSnapshot) => s);

  // ---- scan to position --------------------------------------------------------------------------
  // A scan right after a box was chosen, or while its list is being saved, waits for the list
  // (scanners are faster than the server); the queue's next scan waits until this one is placed.
  const place = async (code: string): Promise<void> => {
    if (!isAdmin) return;
    await waitFor(actor, (s) => !isBusy(s));
    actor.send({ type: 'SCAN', code });
    await waitFor(actor, (s) => !isBusy(s));
  };
  const queue = useScanQueue(place, (code) => latest.current.notify('error', sampleNotFound(code), PAGE));
  useScanTarget({ scan: queue.scan });

  return { actor, snapshot, dirty: isDirty(snapshot), pendingScans: queue.pending, isAdmin };
}
