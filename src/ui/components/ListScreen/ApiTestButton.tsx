// 'API Test' (docs/dev/product-rules.md#screens): requests the current list request's URL again with GET and shows the answer
// as JSON; a failure says 'Error occurred, please check your logs!' (docs/dev/product-rules.md#messages).
import { useState } from 'react';
import { CHECK_LOGS } from '../../../domain/messages';
import { Button, Dialog, Modal } from '../../kit';
import { useAuth } from '../../state/AuthProvider';
import { useBusy } from '../../state/BusyProvider';
import { useNotifications } from '../../state/NotificationProvider';
import { usePaletteActions } from '../../palette/registry';
import { PAGE_SHORTCUTS, pageKey } from '../../shortcuts/list';
import type { ListView } from './useListView';

export function ApiTestButton({ view }: { view: ListView<unknown> }) {
  const { http } = useAuth();
  const { track } = useBusy();
  const { notify } = useNotifications();
  const [result, setResult] = useState<{ path: string; json: string } | null>(null);

  const run = async () => {
    const path = view.requestPath;
    try {
      const body: unknown = await track(http.get(path).json());
      setResult({ path, json: JSON.stringify(body, null, 2) });
    } catch (error) {
      console.error('API Test failed', error);
      notify('error', CHECK_LOGS, { page: view.entity });
    }
  };

  usePaletteActions([
    {
      id: 'api-test',
      label: `API Test of ${view.entity}`,
      group: 'API',
      keywords: ['api', 'json', 'request', 'test'],
      description: 'shows the last list request as JSON',
      ...pageKey(PAGE_SHORTCUTS.apiTest),
      perform: () => void run(),
    },
  ]);

  return (
    <>
      <Button onPress={() => void run()} aria-keyshortcuts={PAGE_SHORTCUTS.apiTest.ariaKeyShortcuts}>
        API Test
      </Button>
      <Modal isOpen={result !== null} onOpenChange={(open) => !open && setResult(null)}>
        <Dialog title="API Test" className="kit-dialog lf-api-dialog">
          <p className="lf-api-url">
            GET <code>/api/{result?.path}</code>
          </p>
          <pre className="lf-api-json" tabIndex={0} role="region" aria-label="Response JSON">
            {result?.json}
          </pre>
          <div className="lf-dialog-actions">
            <Button slot="close" variant="primary" autoFocus>
              Close
            </Button>
          </div>
        </Dialog>
      </Modal>
    </>
  );
}
