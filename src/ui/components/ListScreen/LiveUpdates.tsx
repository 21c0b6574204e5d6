// What the change events did to a list (docs/dev/architecture.md#change-events): the last change
// elsewhere in words, in its own polite live region; a note while the stream is down that the
// refresh timer stands in. (A row in edit that changed elsewhere is the row edit machine's to say.)
import { liveUpdatesOff } from '../../../domain/messages';
import type { StreamStatus } from '../../../machines/eventStream.machine';
import './LiveUpdates.css';

/** What a page knows of its change events; `refreshSeconds` only where a refresh timer stands in. */
export interface LiveState {
  changeSummary: string;
  streamStatus: StreamStatus;
  refreshSeconds?: number;
}

/** Lists, Limits, Settings, Sync and Logs alike. */
export function LiveUpdates({ view }: { view: LiveState }) {
  return (
    <>
      <p className="list-live" aria-live="polite">
        {view.changeSummary}
      </p>
      {view.streamStatus === 'down' && view.refreshSeconds !== undefined ? <p className="list-live-off">{liveUpdatesOff(view.refreshSeconds)}</p> : null}
    </>
  );
}
