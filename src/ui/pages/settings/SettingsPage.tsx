// Settings (spec §2). Until its issue builds it, the route shows the page title and its purpose.
import { PlannedPage } from '../../components/Page';

export function SettingsPage() {
  return (
    <PlannedPage
      title="Settings"
      summary="Application settings (campaign, amino factor) and local settings such as the light or dark theme."
    />
  );
}
