// React wiring of the box-positions machine (src/machines/boxPositions.machine.ts) and the page's
// scan target (spec §2 Boxes, issue 'scan to position'): a scanned id goes, through the scan queue,
// into the next free position of the selected box and is announced; an unknown id, a full box or a
// sample boxed elsewhere gets the server's message and changes nothing.
import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, waitFor } from 'xstate';
import { createBoxPosition, deleteBoxPosition, getBoxPositions, putBoxPositions } from '../../../api/boxes';
import { getSampleTimestamps } from '../../../api/samples';
import type { BoxPosition } from '../../../domain/entities/boxPosition';
import { resolveSampleIdInput } from '../../../domain/ids';
import { NO_BOX_SELECTED, sampleNotFound, samplePlaced } from '../../../domain/messages';
import {
  boxPositionsMachine,
  canCreatePosition,
  createDisabledReason,
  isDirty,
  nextNumber,
  type BoxPositionsSnapshot,
} from '../../../machines/boxPositions.machine';
import { useScanQueue, useScanTarget } from '../../scanner';
import { useAuth } from '../../state/AuthProvider';
import { useBusy } from '../../state/BusyProvider';
import { useNotifications } from '../../state/NotificationProvider';

const PAGE = { page: 'boxes' } as const;

/** States the list passes through on its own way back to 'ready' (or to no box / failed). */
const BUSY_STATES = ['loading', 'saving', 'creating', 'deleting'] as const;

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
          latest.current.track(putBoxPositions(latest.current.http, input.bId, input.positions)),
        ),
        create: fromPromise(
          async ({ input }) =>
            (await latest.current.track(createBoxPosition(latest.current.http, input.bId, input.position)))
              .boxpos,
        ),
        remove: fromPromise(({ input }) =>
          latest.current.track(deleteBoxPosition(latest.current.http, input.bId, input.boxPosId)),
        ),
      },
      actions: { notify: (_, p) => latest.current.notify(p.kind, p.message, PAGE) },
    }),
  );
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (s: BoxPositionsSnapshot) => s);

  // ---- scan to position --------------------------------------------------------------------------
  const place = async (code: string): Promise<void> => {
    const say = latest.current.notify;
    // A scan right after a box was chosen, or while its list is being saved, waits for the list
    // (scanners are faster than the server): it is refused only for what the list then says.
    const s = await waitFor(actor, (snap) => !BUSY_STATES.some((state) => snap.matches(state)));
    const box = s.context.box;
    if (!box || !s.matches('ready')) {
      say('error', NO_BOX_SELECTED, PAGE);
      return;
    }
    if (!isAdmin) return; // spec §6: writes need ROLE_ADMIN; the client skips them silently.
    if (!canCreatePosition(s)) {
      say('error', createDisabledReason(s) ?? NO_BOX_SELECTED, PAGE);
      return;
    }
    const input = resolveSampleIdInput(code);
    if (input.kind !== 'exact' && input.kind !== 'padded') {
      say('error', sampleNotFound(code), PAGE);
      return;
    }
    let stamps: string[];
    try {
      stamps = await getSampleTimestamps(latest.current.http, input.sId);
    } catch {
      say('error', sampleNotFound(input.sId), PAGE);
      return;
    }
    // The newest delivery of that sample id is the one being filed.
    const sStamp = stamps.at(-1)!;
    const position: BoxPosition = {
      boxposId: { box: box.bId, boxPosId: nextNumber(s) },
      dateExported: null,
      sample: { sampleId: { sId: input.sId, sStamp } },
    };
    try {
      const result = await createBoxPosition(latest.current.http, box.bId, position);
      actor.send({ type: 'PLACED', boxpos: result.boxpos });
      say('success', samplePlaced(input.sId, result.boxPos), PAGE);
    } catch (error) {
      say('error', error instanceof Error ? error.message : sampleNotFound(input.sId), PAGE);
    }
  };
  const queue = useScanQueue(place, (code) => latest.current.notify('error', sampleNotFound(code), PAGE));
  useScanTarget({ scan: queue.scan });

  return { actor, snapshot, dirty: isDirty(snapshot), pendingScans: queue.pending, isAdmin };
}
