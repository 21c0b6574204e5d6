// What the change events did to a list (docs/dev/architecture.md#change-events): the last change
// elsewhere in words, in its own polite live region; a note while the stream is down that the
// refresh timer stands in; and, for a row being edited, that it changed elsewhere before it is saved.
import { useRef } from 'react';
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

/** The message for a row in edit that changed elsewhere since its edit began. */
export const changedWhileEditing = (rowId: string): string =>
  `Row ${rowId} was changed elsewhere since you began editing it: Save will be refused; Cancel and edit it again to see the change.`;

/** Whether the row being edited changed elsewhere since its edit began. */
export const useChangedWhileEditing = (changed: ReadonlyMap<string, number>, editingId: string | undefined): boolean => {
  const start = useRef<{ id: string; count: number } | null>(null);
  if (editingId === undefined) start.current = null;
  else if (start.current?.id !== editingId) start.current = { id: editingId, count: changed.get(editingId) ?? 0 };
  return editingId !== undefined && (changed.get(editingId) ?? 0) > (start.current?.count ?? 0);
};
