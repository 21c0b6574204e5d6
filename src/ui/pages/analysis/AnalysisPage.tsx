// Analysis (docs/dev/product-rules.md#screens): the list screen of analyses, with the exclusion checkboxes and the averages of
// the measured columns. What it shows and calls is its resource (resource.ts).
import { ListScreenPage } from '../../components/ListScreen';
import { AnalysisAverages } from './AnalysisAverages';
import { ANALYSIS_RESOURCE } from './resource';
import './AnalysisPage.css';

export function AnalysisPage() {
  return (
    <ListScreenPage
      config={ANALYSIS_RESOURCE}
      className="analysis-page"
      status={(view) => <AnalysisAverages view={view} />}
    />
  );
}
