// The delete confirmation (docs/dev/product-rules.md#behaviour Delete): Yes deletes, No keeps. What else the delete removes is
// the resource's warning (a sample takes its analyses and box position with it, docs/dev/product-rules.md#screens Samples).
import { recordKeyOf } from '../../../machines/rowEdit.machine';
import { Button, Dialog, Modal } from '../../kit';
import type { RowEditResource } from './types';
import './RowEdit.css';

export interface DeleteDialogProps {
  resource: RowEditResource;
  id: string;
  isOpen: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeleteDialog({ resource, id, isOpen, busy, onConfirm, onCancel }: DeleteDialogProps) {
  const noun = resource.noun;
  const key = `${recordKeyOf(resource.rowEntity)}#${id}`;
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
    >
      <Dialog role="alertdialog" title={`Delete ${noun}`} className="kit-dialog row-delete-dialog">
        <p>Do you really want to delete {key}?</p>
        {resource.deleteWarning ? <p className="row-delete-warning">{resource.deleteWarning}</p> : null}
        <div className="row-form-actions">
          <Button onPress={onCancel} isDisabled={busy} autoFocus>
            No
          </Button>
          <Button variant="danger" onPress={onConfirm} isDisabled={busy}>
            Yes
          </Button>
        </div>
      </Dialog>
    </Modal>
  );
}
