// The select-all confirmation of docs/dev/product-rules.md#screens ('Dialogs: … select-all confirmation').
import { selectAllFilteredText } from '../../../domain/messages';
import { Button, Dialog, Modal } from '../../kit';
import type { SelectAllFiltered } from './useListScreen';

export function SelectAllDialog({ selectAll }: { selectAll: SelectAllFiltered }) {
  return (
    <Modal isOpen={selectAll.isConfirming} onOpenChange={(open) => !open && selectAll.cancel()}>
      <Dialog role="alertdialog" title="Select all filtered Elements" className="kit-dialog lf-confirm">
        <p>{selectAllFilteredText(selectAll.count)}</p>
        <div className="lf-dialog-actions">
          <Button onPress={selectAll.cancel} autoFocus>
            Cancel
          </Button>
          <Button variant="primary" onPress={selectAll.confirm}>
            Select all
          </Button>
        </div>
      </Dialog>
    </Modal>
  );
}
