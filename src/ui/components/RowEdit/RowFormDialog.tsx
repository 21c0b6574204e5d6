// The Create dialog (docs/dev/product-rules.md#screens: 75% wide; the resource's title), also used to edit
// a record opened from the Selection card, whose row may not be on the table's page. Every field of
// the record with its message under it; SampleTime offers the stamps of the typed SampleID (docs/dev/product-rules.md#behaviour
// Timestamps). Create (or Save) is enabled only while the form is valid. A new record's messages show
// for the fields typed into (or all, once Create was tried): none before anything was typed.
import { useEffect, useState } from 'react';
import type { Http } from '../../../api/http';
import { TEMPLATE_DATETIME } from '../../../domain/constants';
import { sampleNotFound } from '../../../domain/messages';
import { Button, ComboBox, Dialog, Form, Modal, TextField } from '../../kit';
import type { FieldSpec, FieldTexts } from './fields';
import type { RowEditResource } from './types';
import { useSampleStamps } from './useSampleStamps';
import './RowEdit.css';

export interface RowFormDialogProps {
  resource: RowEditResource;
  mode: 'create' | 'edit';
  /** The edited record (edit mode). */
  recordId?: string;
  http: Http;
  fields: readonly FieldSpec[];
  values: FieldTexts;
  errors: readonly string[];
  /** Edit mode: the record changed elsewhere since the dialog loaded it (an alert). */
  notice?: string | null;
  fieldErrors: Readonly<Record<string, string>>;
  busy: boolean;
  canSubmit: boolean;
  onChange: (field: string, text: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The lab's date-time form, shown in empty date-time fields. */
const DATETIME_HINT = TEMPLATE_DATETIME;
export function RowFormDialog(props: RowFormDialogProps) {
  const {
    resource,
    mode,
    recordId,
    http,
    fields,
    values,
    fieldErrors,
    busy,
    canSubmit,
    onChange,
    onSubmit,
    onCancel,
  } = props;
  // Fields typed into since the dialog opened; 'all' once a submit was tried.
  const [touched, setTouched] = useState<ReadonlySet<string> | 'all'>(() => new Set());
  const shows = (field: string) => mode === 'edit' || touched === 'all' || touched.has(field);
  const change = (field: string, text: string) => {
    setTouched((t) => (t === 'all' || t.has(field) ? t : new Set([...t, field])));
    onChange(field, text);
  };
  const lookup = useSampleStamps(http, values.sId);
  const stamps = lookup.stamps;
  // An analysis belongs to an existing sample: once its stamps are known, one of them is chosen;
  // for an invalid or unknown SampleID there is nothing to choose, and nothing to create.
  const pickStamp = resource.pickStampOnCreate && mode === 'create';
  const sStamp = values.sStamp ?? '';
  const newest = stamps.at(-1);
  const noSample = pickStamp && (lookup.state === 'invalid' || lookup.state === 'unknown');
  useEffect(() => {
    if (!pickStamp) return;
    if (newest !== undefined && !stamps.includes(sStamp)) onChange('sStamp', newest);
    else if (noSample && sStamp !== '') onChange('sStamp', '');
  }, [pickStamp, newest, stamps, sStamp, noSample, onChange]);
  const sIdError = !shows('sId')
    ? undefined
    : (fieldErrors.sId ??
      (pickStamp && lookup.state === 'unknown' && values.sId ? sampleNotFound(values.sId) : undefined));
  const mayCreate = canSubmit && (!pickStamp || lookup.state === 'found');

  const title = mode === 'create' ? resource.createTitle : `Edit ${resource.noun} ${recordId ?? ''}`;
  const submitLabel = mode === 'create' ? 'Create' : 'Save';
  const serverOnly = props.errors.filter((m) => !Object.values(fieldErrors).includes(m));

  return (
    <Modal
      isOpen
      size="wide"
      isDismissable={false}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <Dialog title={title} className="kit-dialog row-form-dialog">
        <Form
          className="row-form"
          onSubmit={(e) => {
            e.preventDefault();
            setTouched('all');
            if (mayCreate && !busy) onSubmit();
          }}
        >
          <div className="row-form-grid">
            {fields.map((spec, i) =>
              spec.id === 'sStamp' ? (
                <ComboBox
                  key={spec.id}
                  label={spec.label}
                  options={stamps}
                  value={sStamp}
                  onChange={(text) => change('sStamp', text)}
                  errorMessage={shows('sStamp') ? fieldErrors.sStamp : undefined}
                  isReadOnly={busy}
                  placeholder={DATETIME_HINT}
                />
              ) : (
                <TextField
                  key={spec.id}
                  label={spec.label}
                  value={values[spec.id] ?? ''}
                  onChange={(text) => change(spec.id, text)}
                  errorMessage={
                    spec.id === 'sId' ? sIdError : shows(spec.id) ? fieldErrors[spec.id] : undefined
                  }
                  isReadOnly={busy}
                  inputMode={spec.kind === 'number' ? 'decimal' : undefined}
                  placeholder={spec.kind === 'datetime' ? DATETIME_HINT : undefined}
                  autoFocus={i === 0}
                />
              ),
            )}
          </div>
          {props.notice ? (
            <p className="row-form-notice" role="alert">
              {props.notice}
            </p>
          ) : null}
          {serverOnly.length > 0 ? (
            <ul className="row-form-errors" aria-label="Errors">
              {serverOnly.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          ) : null}
          <div className="row-form-actions">
            <Button onPress={onCancel} isDisabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isDisabled={!mayCreate || busy}>
              {submitLabel}
            </Button>
          </div>
        </Form>
      </Dialog>
    </Modal>
  );
}
