// Labels (spec §2). Until its issue builds it, the route shows the page title and its purpose.
import { PlannedPage } from '../../components/Page';

export function LabelsPage() {
  return (
    <PlannedPage title="Labels" summary="Print sticker labels with the sample ID as an EAN-13 barcode." />
  );
}
