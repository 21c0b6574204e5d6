// Screens (spec §2). Until its issue builds it, the route shows the page title and its purpose.
import { PlannedPage } from '../../components/Page';

export function ScreensPage() {
  return (
    <PlannedPage
      title="Screens"
      summary="Numbered screens with their sample items: import, edit and export screens."
    />
  );
}
