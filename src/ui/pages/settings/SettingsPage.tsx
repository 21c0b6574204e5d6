// Settings (docs/dev/product-rules.md#screens, docs/dev/product-rules.md#field-rules Settings): the application settings with info and last-modified time, value
// fields for the 'amino' settings, start and end of the campaign (a date without time is widened to
// 00:00:00 / 23:59:59 on Update), Reload and Update through the batch update machine; below, the
// local settings of this browser: the theme switch and 'Remove local Data & LogOut'.
import { useCallback } from 'react';
import { getSettings, updateSetting } from '../../../api/config';
import { settingBatch, settingWriteOf, type Draft } from '../../../domain/configBatch';
import type { Setting } from '../../../domain/entities/setting';
import type { DataColumn } from '../../components/DataTable';
import { Page } from '../../components/Page';
import { Button, Switch } from '../../kit';
import { useAuth } from '../../state';
import { useTheme } from '../../theme/ThemeProvider';
import { BatchActions, BatchTable } from '../limits/BatchActions';
import { useBatchPaletteActions, useConfigBatch, type ConfigBatch } from '../limits/useConfigBatch';
import '../limits/config.css';

const COLUMNS: DataColumn<Setting>[] = [
  { id: 'name', header: 'Name', accessor: (s) => s.name, width: 120 },
  { id: 'info', header: 'Info', accessor: (s) => s.info, width: 280 },
  { id: 'value', header: 'Value', accessor: (s) => s.value, editable: true, width: 120 },
  { id: 'start', header: 'Start', accessor: (s) => s.start ?? '', editable: true, width: 190 },
  { id: 'end', header: 'End', accessor: (s) => s.end ?? '', editable: true, width: 190 },
  { id: 'lastModified', header: 'Last modified', accessor: (s) => s.lastModified, width: 170 },
];

/** Clears everything this browser keeps for the app (user, theme, preferences) and starts over. */
const removeLocalData = (): void => {
  window.localStorage.clear();
  window.location.reload();
};

export function SettingsPage() {
  const { http, isAdmin } = useAuth();
  const { theme, setTheme } = useTheme();
  const load = useCallback(() => getSettings(http), [http]);
  const save = useCallback(
    (row: Setting, draft: Draft) => updateSetting(http, settingWriteOf(row, draft)),
    [http],
  );
  const batch = useConfigBatch({ kind: settingBatch, page: 'settings', load, save });
  useBatchPaletteActions(batch as ConfigBatch<unknown>, 'Settings', 'settings', isAdmin);
  return (
    <Page title="Settings">
      <section className="config-section" aria-labelledby="app-settings">
        <div className="config-row">
          <h2 id="app-settings">Application Settings</h2>
          <div className="page-actions">
            <BatchActions batch={batch as ConfigBatch<unknown>} isAdmin={isAdmin} />
          </div>
        </div>
        <BatchTable batch={batch} label="Application settings" columns={COLUMNS} isAdmin={isAdmin} />
      </section>
      <section className="config-section" aria-labelledby="local-settings">
        <h2 id="local-settings">Local Settings</h2>
        <div className="config-row">
          <Switch isSelected={theme === 'dark'} onChange={(dark) => setTheme(dark ? 'dark' : 'light')}>
            Dark theme
          </Switch>
          <Button variant="danger" onPress={removeLocalData}>
            Remove local Data &amp; LogOut
          </Button>
        </div>
      </section>
    </Page>
  );
}
