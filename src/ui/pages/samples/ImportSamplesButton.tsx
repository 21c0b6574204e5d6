// 'File import of samples' (docs/dev/product-rules.md#screens Samples, docs/dev/product-rules.md#calls POST /samples/upload, admin only): a file picker
// for the CSV layout of docs/sample-import.md. The server's answer is the notification: 'File
// {name} was uploaded successfully!' or 'Error occurred, file {name} was not imported!'; the list
// then reloads. Readers do not get the button (docs/dev/product-rules.md#roles: the client skips admin calls).
import { FileTrigger } from 'react-aria-components';
import { ApiError } from '../../../api/http';
import { uploadSamples } from '../../../api/samples';
import { fileNotImported } from '../../../domain/messages';
import { Button } from '../../kit';
import { useAuth } from '../../state/AuthProvider';
import { useBusy } from '../../state/BusyProvider';
import { useNotifications } from '../../state/NotificationProvider';

export function ImportSamplesButton({ onImported }: { onImported(): void }) {
  const { http, isAdmin } = useAuth();
  const { track } = useBusy();
  const { notify } = useNotifications();
  if (!isAdmin) return null;

  const upload = async (file: File) => {
    try {
      const summary = await track(uploadSamples(http, file));
      notify('success', summary.message, { page: 'samples' });
      onImported();
    } catch (error) {
      // The server names the file in its message; a network failure gets the same wording.
      const message =
        error instanceof ApiError && error.kind === 'http' ? error.message : fileNotImported(file.name);
      notify('error', message, { page: 'samples' });
    }
  };

  return (
    <FileTrigger
      acceptedFileTypes={['.csv', '.txt', 'text/csv', 'text/plain']}
      onSelect={(files) => {
        const file = files?.[0];
        if (file) void upload(file);
      }}
    >
      <Button>Upload Samples</Button>
    </FileTrigger>
  );
}
