// The delete confirmation (spec §4 Delete): Yes deletes, No keeps. A sample takes its analyses and
// box position with it, and the dialog says so (spec §2 Samples).
import { SAMPLE_DELETE_WARNING } from '../../../domain/messages';
import { Button, Dialog, Modal } from '../../kit';
import type { ListEntity } from '../ListScreen/types';
import './RowEdit.css';

export interface DeleteDialogProps {
  entity: ListEntity;
  id: string;
  isOpen: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeleteDialog({ entity, id, isOpen, busy, onConfirm, onCancel }: DeleteDialogProps) {
  const noun = entity === 'analysis' ? 'Analysis' : 'Sample';
  const key = entity === 'analysis' ? `aId#${id}` : `sId#${id}`;
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
    >
      <Dialog role="alertdialog" title={`Delete ${noun}`} className="kit-dialog row-delete-dialog">
        <p>Do you really want to delete {key}?</p>
        {entity === 'samples' ? <p className="row-delete-warning">{SAMPLE_DELETE_WARNING}</p> : null}
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
