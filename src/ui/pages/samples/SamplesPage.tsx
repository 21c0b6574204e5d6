// Samples (docs/dev/product-rules.md#screens): the list screen of samples, with the sample file upload. What it shows and
// calls is its resource (resource.ts).
import { ListScreenPage } from '../../components/ListScreen';
import { ImportSamplesButton } from './ImportSamplesButton';
import { SAMPLES_RESOURCE } from './resource';

export function SamplesPage() {
  return (
    <ListScreenPage
      config={SAMPLES_RESOURCE}
      className="samples-page"
      actions={(view) => <ImportSamplesButton onImported={view.reload} />}
    />
  );
}
