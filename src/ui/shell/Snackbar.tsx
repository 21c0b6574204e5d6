// The snackbar (docs/dev/product-rules.md#behaviour Notifications): one message at a time, green/blue/red by kind. The two live
// regions are always in the page, so screen readers announce a message the moment it is put in:
// success and info politely (role status), errors at once (role alert). The close button sits
// outside the regions so it is not read out with every message.
// While the last write can be undone (10 s, docs/dev/architecture.md#undo) it carries an Undo button
// (also Ctrl+Z and the palette); once the message itself has closed, a line says the undo is still
// possible. When the button goes, focus returns to the control used before it (focus/focusHome).
import { UNDO_MESSAGES } from '../../domain/undo';
import { SHORTCUTS } from '../shortcuts/list';
import { Button, Icon } from '../kit';
import { useNotifications } from '../state/NotificationProvider';
import { useUndo } from '../state/UndoProvider';

const ICONS = { success: 'success', info: 'info', error: 'error' } as const;

export function Snackbar() {
  const { current, dismiss } = useNotifications();
  const { offered, undo } = useUndo();
  const polite = current && current.kind !== 'error' ? current : null;
  const assertive = current?.kind === 'error' ? current : null;
  const open = current !== null || offered;

  return (
    <section
      className="snackbar"
      aria-label="Notifications"
      data-kind={current?.kind ?? (offered ? 'info' : undefined)}
      data-open={open ? true : undefined}
    >
      {open ? <Icon name={ICONS[current?.kind ?? 'info']} size={20} /> : null}
      <div role="status" aria-live="polite" aria-atomic="true" className="snackbar-message">
        {polite ? <p key={polite.id}>{polite.message}</p> : null}
      </div>
      <div role="alert" aria-atomic="true" className="snackbar-message">
        {assertive ? <p key={assertive.id}>{assertive.message}</p> : null}
      </div>
      {offered && !current ? <p className="snackbar-message">{UNDO_MESSAGES.offer}</p> : null}
      {offered ? (
        <Button
          variant="quiet"
          onPress={undo}
          aria-keyshortcuts={SHORTCUTS.undo.ariaKeyShortcuts}
          className="kit-button snackbar-undo"
        >
          Undo
        </Button>
      ) : null}
      {current ? (
        <Button
          variant="quiet"
          iconOnly
          aria-label="Close notification"
          onPress={dismiss}
          className="kit-button snackbar-close"
        >
          <Icon name="close" />
        </Button>
      ) : null}
    </section>
  );
}
