// Synchronization (spec §2). Until its issue builds it, the route shows the page title and its purpose.
import { PlannedPage } from '../../components/Page';

export function SyncPage() {
  return (
    <PlannedPage
      title="Synchronization"
      summary="Status and schedule of the data synchronisation with the instruments, with a manual start and a log per entry."
    />
  );
}
