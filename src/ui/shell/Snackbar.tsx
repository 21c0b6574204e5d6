// The snackbar (docs/dev/product-rules.md#behaviour Notifications): one message at a time, green/blue/red by kind. The two live
// regions are always in the page, so screen readers announce a message the moment it is put in:
// success and info politely (role status), errors at once (role alert). The close button sits
// outside the regions so it is not read out with every message.
import { Button, Icon } from '../kit';
import { useNotifications } from '../state/NotificationProvider';

const ICONS = { success: 'success', info: 'info', error: 'error' } as const;

export function Snackbar() {
  const { current, dismiss } = useNotifications();
  const polite = current && current.kind !== 'error' ? current : null;
  const assertive = current?.kind === 'error' ? current : null;

  return (
    <section
      className="snackbar"
      aria-label="Notifications"
      data-kind={current?.kind}
      data-open={current ? true : undefined}
    >
      {current ? <Icon name={ICONS[current.kind]} size={20} /> : null}
      <div role="status" aria-live="polite" aria-atomic="true" className="snackbar-message">
        {polite ? <p key={polite.id}>{polite.message}</p> : null}
      </div>
      <div role="alert" aria-atomic="true" className="snackbar-message">
        {assertive ? <p key={assertive.id}>{assertive.message}</p> : null}
      </div>
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
