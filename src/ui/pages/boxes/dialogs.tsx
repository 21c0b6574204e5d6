// The dialogs of the Boxes page (spec §2): create and edit a box, create and edit a box position,
// and the confirmations (delete, leave with unsaved changes). Each form shows its field messages
// (spec §5 Boxes) and enables its button only while the form is valid.
import { useEffect, useState } from 'react';
import { getSampleTimestamps } from '../../../api/samples';
import type { Http } from '../../../api/http';
import type { BoxWrite } from '../../../domain/entities/box';
import type { BoxPosition } from '../../../domain/entities/boxPosition';
import { boxPositionInvalid, DATETIME_MESSAGE, SID_MESSAGE } from '../../../domain/messages';
import { validateBoxName } from '../../../domain/rules/box';
import { isLabDateTime } from '../../../domain/datetime';
import { SID_PATTERN, validateBoxId, validateNumMax, validateType } from '../../../domain/rules/fields';
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

// ---- box ---------------------------------------------------------------------------------------

export interface BoxForm {
  bId: string;
  name: string;
  numMax: string;
  type: string;
  comment: string;
}

export const EMPTY_BOX: BoxForm = { bId: '', name: '', numMax: '40', type: '0', comment: '' };

const boxFieldErrors = (f: BoxForm): Partial<Record<keyof BoxForm, string>> => {
  const out: Partial<Record<keyof BoxForm, string>> = {};
  const bId = validateBoxId(f.bId);
  if (bId) out.bId = bId;
  const name = validateBoxName(f.name);
  if (name) out.name = name;
  const numMax = validateNumMax(f.numMax);
  if (numMax) out.numMax = numMax;
  const type = validateType(f.type);
  if (type) out.type = type;
  return out;
};

export const boxBody = (f: BoxForm, dateExported: string | null = null): BoxWrite => ({
  bId: f.bId.trim(),
  name: f.name.trim(),
  numMax: Number(f.numMax),
  type: Number(f.type),
  comment: f.comment.trim() === '' ? null : f.comment,
  dateExported,
});

export interface BoxDialogProps {
  mode: 'create' | 'edit';
  initial: BoxForm;
  busy: boolean;
  onSubmit: (form: BoxForm) => void;
  onCancel: () => void;
}

export function BoxDialog({ mode, initial, busy, onSubmit, onCancel }: BoxDialogProps) {
  const [form, setForm] = useState(initial);
  const errors = boxFieldErrors(form);
  const valid = Object.keys(errors).length === 0;
  const set = (field: keyof BoxForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const title = mode === 'create' ? 'Create Box' : `Edit Box ${initial.bId}`;
  return (
    <Modal isOpen onOpenChange={(open) => (open ? undefined : onCancel())} isDismissable={false} size="wide">
      <Dialog title={title}>
        <Form onSubmit={(e) => (e.preventDefault(), valid && !busy ? onSubmit(form) : undefined)}>
          <div className="row-form-grid">
            <TextField
              label="BoxID"
              value={form.bId}
              onChange={set('bId')}
              errorMessage={errors.bId}
              autoFocus
            />
            <TextField label="Name" value={form.name} onChange={set('name')} errorMessage={errors.name} />
            <TextField
              label="MaxPositions"
              value={form.numMax}
              onChange={set('numMax')}
              errorMessage={errors.numMax}
              inputMode="numeric"
            />
            <TextField
              label="Type"
              value={form.type}
              onChange={set('type')}
              errorMessage={errors.type}
              inputMode="numeric"
            />
            <TextField label="Comment" value={form.comment} onChange={set('comment')} />
          </div>
          <div className="row-form-actions">
            <Button onPress={onCancel} isDisabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isDisabled={!valid || busy}>
              {mode === 'create' ? 'Create' : 'Save'}
            </Button>
          </div>
        </Form>
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

/** SampleTime offers the stamps of the typed SampleID (spec §4 Timestamps). */
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
  const sIdError = SID_PATTERN.test(sId) ? null : SID_MESSAGE;
  const stampError = isLabDateTime(sStamp) ? null : DATETIME_MESSAGE;
  const exportedError = dateExported === '' || isLabDateTime(dateExported) ? null : DATETIME_MESSAGE;
  const valid = !sIdError && !stampError && !exportedError;
  const id = `${initial.boxposId.box}/${initial.boxposId.boxPosId}`;
  const title = mode === 'create' ? 'Create Box Position' : 'Edit Box Position';
  return (
    <Modal isOpen onOpenChange={(open) => (open ? undefined : onCancel())} isDismissable={false} size="wide">
      <Dialog title={`${title} ${id}`}>
        <Form
          onSubmit={(e) => {
            e.preventDefault();
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
              onChange={setSId}
              errorMessage={sIdError}
              inputMode="numeric"
              autoFocus
            />
            <ComboBox
              label="SampleTime"
              value={sStamp}
              onChange={setSStamp}
              options={stamps}
              errorMessage={stampError}
            />
            <TextField
              label="dateExported"
              value={dateExported}
              onChange={setDateExported}
              errorMessage={exportedError}
              placeholder="2000-01-01 00:00:00"
            />
          </div>
          {!valid ? (
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
