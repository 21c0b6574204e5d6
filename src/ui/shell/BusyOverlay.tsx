// The full-screen busy indicator (docs/dev/product-rules.md#screens): shown while useBusy() tracks work in flight. It covers
// the page so nothing is pressed twice, and is a named progressbar so screen readers say "Loading".
import { Spinner } from '../kit';
import { useBusy } from '../state/BusyProvider';

export function FullScreenBusy({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="busy-overlay" data-testid="busy-overlay">
      <Spinner aria-label={label} size="large" />
    </div>
  );
}

export function BusyOverlay() {
  const { busy } = useBusy();
  return busy ? <FullScreenBusy /> : null;
}
