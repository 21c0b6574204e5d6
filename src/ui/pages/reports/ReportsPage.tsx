// Reports (spec §2). Until its issue builds it, the route shows the page title and its purpose.
import { PlannedPage } from '../../components/Page';

export function ReportsPage() {
  return (
    <PlannedPage
      title="Reports"
      summary="Day reports and the suspicious-samples report for a date range, with PDF export."
    />
  );
}
