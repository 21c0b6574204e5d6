// Boxes (spec §2). Until its issue builds it, the route shows the page title and its purpose.
import { PlannedPage } from '../../components/Page';

export function BoxesPage() {
  return (
    <PlannedPage
      title="Boxes"
      summary="Boxes and their numbered box positions: reorder, reorganise, edit and export them."
    />
  );
}
