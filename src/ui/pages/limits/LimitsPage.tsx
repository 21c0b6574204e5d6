// Value Limits (spec §2). Until its issue builds it, the route shows the page title and its purpose.
import { PlannedPage } from '../../components/Page';

export function LimitsPage() {
  return (
    <PlannedPage
      title="Value Limits"
      summary="Minimum and maximum of every measured value, used to validate entries and to flag measurements."
    />
  );
}
