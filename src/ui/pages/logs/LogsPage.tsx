// Hardware Logs (spec §2). Until its issue builds it, the route shows the page title and its purpose.
import { PlannedPage } from '../../components/Page';

export function LogsPage() {
  return (
    <PlannedPage
      title="Hardware Logs"
      summary="Log messages of the instruments and the label printer for a date range."
    />
  );
}
