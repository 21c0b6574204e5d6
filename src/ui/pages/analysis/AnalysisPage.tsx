// Analysis (spec §2). Until its issue builds it, the route shows the page title and its purpose.
import { PlannedPage } from '../../components/Page';

export function AnalysisPage() {
  return (
    <PlannedPage
      title="Analysis"
      summary="Browse, filter, edit and export analyses with their measured values (pol, K, Na, amino-N, glucose, dry substance), averages and a selection card."
    />
  );
}
