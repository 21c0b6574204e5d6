// What the change events did to a list (docs/dev/architecture.md#change-events): the last change
// elsewhere in words, in its own polite live region; a note while the stream is down that the
// refresh timer stands in. (A row in edit that changed elsewhere is the row edit machine's to say.)
import { liveUpdatesOff } from '../../../domain/messages';
import type { ListView } from './useListView';

export function LiveUpdates({ view }: { view: Pick<ListView<unknown>, 'changeSummary' | 'streamStatus' | 'refreshSeconds'> }) {
  return (
    <>
      <p className="list-live" aria-live="polite">
        {view.changeSummary}
      </p>
      {view.streamStatus === 'down' ? <p className="list-live-off">{liveUpdatesOff(view.refreshSeconds)}</p> : null}
    </>
  );
}
