// The dialogs of the Boxes page (docs/dev/product-rules.md#screens): create and edit a box position, and the confirmations
// (delete a position, update, leave with unsaved changes); the box's own dialogs are row edit's
// (rowEdit.ts). The form shows its field messages (docs/dev/product-rules.md#field-rules Boxes) once a field was typed into, and
// enables its button only while the form is valid.
import { useEffect, useState } from 'react';
import { getSampleTimestamps } from '../../../api/samples';
import type { Http } from '../../../api/http';
import type { BoxPosition } from '../../../domain/entities/boxPosition';
import { boxPositionInvalid, DATETIME_MESSAGE, SID_MESSAGE } from '../../../domain/messages';
import { isLabDateTime } from '../../../domain/datetime';
import { SID_PATTERN } from '../../../domain/rules/fields';
import { Button, ComboBox, Dialog, Form, Modal, TextField } from '../../kit';
import '../../components/RowEdit/RowEdit.css';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  text: string;
  warning?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ isOpen, title, text, warning, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Dialog role="alertdialog" title={title} className="kit-dialog row-delete-dialog">
        <p>{text}</p>
        {warning ? <p className="row-delete-warning">{warning}</p> : null}
        <div className="row-form-actions">
          <Button onPress={onCancel} autoFocus>
            No
          </Button>
          <Button variant="danger" onPress={onConfirm}>
            Yes
          </Button>
        </div>
      </Dialog>
    </Modal>
  );
}

// ---- box position -------------------------------------------------------------------------------

export interface PositionDialogProps {
  mode: 'create' | 'edit';
  http: Http;
  /** The position as it is (edit) or as the template (create: the next number, empty sample). */
  initial: BoxPosition;
  onSubmit: (position: BoxPosition) => void;
  onCancel: () => void;
}

/** SampleTime offers the stamps of the typed SampleID (docs/dev/product-rules.md#behaviour Timestamps). */
function useStamps(http: Http, sId: string): string[] {
  const [found, setFound] = useState<{ sId: string; stamps: string[] }>({ sId: '', stamps: [] });
  useEffect(() => {
    if (!SID_PATTERN.test(sId)) return;
    const controller = new AbortController();
    getSampleTimestamps(http, sId, { signal: controller.signal }).then(
      (stamps) => setFound({ sId, stamps }),
      () => {
        if (!controller.signal.aborted) setFound({ sId, stamps: [] });
      },
    );
    return () => controller.abort();
  }, [http, sId]);
  return found.sId === sId ? found.stamps : [];
}

export function PositionDialog({ mode, http, initial, onSubmit, onCancel }: PositionDialogProps) {
  const [sId, setSId] = useState(initial.sample.sampleId.sId);
  const [sStamp, setSStamp] = useState(initial.sample.sampleId.sStamp);
  const [dateExported, setDateExported] = useState(initial.dateExported ?? '');
  const stamps = useStamps(http, sId);
  // Messages show for the fields typed into (all once Create or Save was tried): none at first.
  const [touched, setTouched] = useState<ReadonlySet<string> | 'all'>(() => new Set());
  const shows = (field: string) => touched === 'all' || touched.has(field);
  const typed =
    (field: string, set: (text: string) => void) =>
    (text: string): void => {
      setTouched((t) => (t === 'all' || t.has(field) ? t : new Set([...t, field])));
      set(text);
    };
  const sIdError = SID_PATTERN.test(sId) ? null : SID_MESSAGE;
  const stampError = isLabDateTime(sStamp) ? null : DATETIME_MESSAGE;
  const exportedError = dateExported === '' || isLabDateTime(dateExported) ? null : DATETIME_MESSAGE;
  const valid = !sIdError && !stampError && !exportedError;
  const shownInvalid =
    (shows('sId') && sIdError) || (shows('sStamp') && stampError) || (shows('dateExported') && exportedError);
  const id = `${initial.boxposId.box}/${initial.boxposId.boxPosId}`;
  const title = mode === 'create' ? 'Create Box Position' : 'Edit Box Position';
  return (
    <Modal isOpen onOpenChange={(open) => (open ? undefined : onCancel())} isDismissable={false} size="wide">
      <Dialog title={`${title} ${id}`}>
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            setTouched('all');
            if (!valid) return;
            onSubmit({
              ...initial,
              dateExported: dateExported === '' ? null : dateExported,
              sample: { sampleId: { sId, sStamp } },
            });
          }}
        >
          <div className="row-form-grid">
            <TextField
              label="SampleID"
              value={sId}
              onChange={typed('sId', setSId)}
              errorMessage={shows('sId') ? sIdError : null}
              inputMode="numeric"
              autoFocus
            />
            <ComboBox
              label="SampleTime"
              value={sStamp}
              onChange={typed('sStamp', setSStamp)}
              options={stamps}
              errorMessage={shows('sStamp') ? stampError : null}
            />
            <TextField
              label="dateExported"
              value={dateExported}
              onChange={typed('dateExported', setDateExported)}
              errorMessage={shows('dateExported') ? exportedError : null}
              placeholder="2000-01-01 00:00:00"
            />
          </div>
          {shownInvalid ? (
            <p className="row-form-errors">
              {boxPositionInvalid(id, mode === 'create' ? 'created' : 'modified')}
            </p>
          ) : null}
          <div className="row-form-actions">
            <Button onPress={onCancel}>Cancel</Button>
            <Button type="submit" variant="primary" isDisabled={!valid}>
              {mode === 'create' ? 'Create' : 'Save'}
            </Button>
          </div>
        </Form>
      </Dialog>
    </Modal>
  );
}
