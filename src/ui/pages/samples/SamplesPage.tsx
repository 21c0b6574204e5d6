// Samples (spec §2). Until its issue builds it, the route shows the page title and its purpose.
import { PlannedPage } from '../../components/Page';

export function SamplesPage() {
  return (
    <PlannedPage
      title="Samples"
      summary="Browse, filter, edit, import and export samples with their weights, flags and lane; the campaign date range is shown above the table."
    />
  );
}
