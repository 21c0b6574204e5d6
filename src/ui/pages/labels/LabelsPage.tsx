// Labels (docs/dev/product-rules.md#screens, docs/dev/product-rules.md#field-rules Labels, docs/dev/product-rules.md#messages): Sample ID (max 12, with a counter), First row, Second row,
// Barcode of Sample ID (EAN13), Footer, Clear and Print, and a live preview of the label. The form
// rules live in domain/rules/label.ts, the ZPL in domain/zpl.ts; a scan anywhere on the page (outside
// another text field) fills the Sample ID.
import { useRef, useState } from 'react';
import { printLabel } from '../../../api/label';
import { LABEL_SAMPLE_ID_MAX } from '../../../domain/ids';
import { INFO, LABEL_NOT_PRINTED, LABEL_PRINTED } from '../../../domain/messages';
import {
  EMPTY_LABEL_FORM,
  editLabelForm,
  labelFormErrors,
  scannedSampleId,
  type LabelForm,
  type LabelFormField,
} from '../../../domain/rules/label';
import { buildLabelZpl } from '../../../domain/zpl';
import { Page } from '../../components/Page';
import { Button, Spinner, TextField } from '../../kit';
import { usePaletteActions } from '../../palette/registry';
import { PAGE_SHORTCUTS, pageKey } from '../../shortcuts/list';
import { useScanQueue, useScanTarget } from '../../scanner';
import { useAuth } from '../../state/AuthProvider';
import { useNotifications } from '../../state/NotificationProvider';
import { LabelPreview } from './LabelPreview';
import './LabelsPage.css';

const FIELDS: { field: Exclude<LabelFormField, 'sampleId'>; label: string }[] = [
  { field: 'first', label: 'First row' },
  { field: 'second', label: 'Second row' },
  { field: 'barcode', label: 'Barcode of Sample ID (EAN13)' },
  { field: 'footer', label: 'Footer' },
];

export function LabelsPage() {
  const { http } = useAuth();
  const { notify } = useNotifications();
  const [form, setForm] = useState<LabelForm>(EMPTY_LABEL_FORM);
  // Messages show once the user tried to print, then follow the input.
  const [checked, setChecked] = useState(false);
  const [printing, setPrinting] = useState(false);
  const sampleIdRef = useRef<HTMLInputElement>(null);
  const formRef = useRef(form);
  formRef.current = form;

  const errors = checked ? labelFormErrors(form) : {};
  const edit = (field: LabelFormField) => (value: string) => setForm((f) => editLabelForm(f, field, value));

  const queue = useScanQueue(
    async (code) => {
      setForm((f) => editLabelForm(f, 'sampleId', scannedSampleId(code)));
    },
    () => undefined,
  );
  useScanTarget({ scan: queue.scan, field: () => sampleIdRef.current });

  const clear = () => {
    setForm(EMPTY_LABEL_FORM);
    setChecked(false);
    notify('info', INFO.inputCleared, { page: 'labels' });
  };

  const print = async () => {
    if (printing) return;
    const current = formRef.current;
    const found = labelFormErrors(current);
    setChecked(true);
    const messages = Object.values(found);
    if (messages.length > 0) {
      notify('error', messages.join(' '), { page: 'labels' });
      return;
    }
    setPrinting(true);
    try {
      await printLabel(http, buildLabelZpl(current));
      notify('success', LABEL_PRINTED, { page: 'labels' });
    } catch {
      notify('error', LABEL_NOT_PRINTED, { page: 'labels' });
    } finally {
      setPrinting(false);
    }
  };

  usePaletteActions([
    {
      id: 'print-label',
      label: 'Print the current label',
      group: 'Labels',
      keywords: ['label', 'etikett', 'drucken', 'zpl', 'printer'],
      icon: 'labels',
      description: 'sends the label to the printer',
      ...pageKey(PAGE_SHORTCUTS.print),
      perform: () => void print(),
    },
    {
      id: 'clear-label',
      label: 'Clear the label',
      group: 'Labels',
      keywords: ['clear', 'reset', 'label'],
      description: 'empties the four fields',
      ...pageKey(PAGE_SHORTCUTS.clear),
      perform: clear,
    },
    {
      id: 'focus-sample-id',
      label: 'Focus the label Sample ID',
      group: 'Labels',
      keywords: ['sample id', 'label', 'scan'],
      perform: () => sampleIdRef.current?.focus(),
    },
  ]);

  return (
    <Page title="Labels" className="labels-page">
      <div className="labels-layout">
        <section aria-label="Label fields" className="labels-form">
          <TextField
            label="Sample ID"
            value={form.sampleId}
            onChange={edit('sampleId')}
            maxLength={LABEL_SAMPLE_ID_MAX}
            inputMode="numeric"
            autoComplete="off"
            inputRef={sampleIdRef}
            description={`${form.sampleId.length}/${LABEL_SAMPLE_ID_MAX}`}
            errorMessage={errors.sampleId}
          />
          {FIELDS.map(({ field, label }) => (
            <TextField
              key={field}
              label={label}
              value={form[field]}
              onChange={edit(field)}
              autoComplete="off"
              errorMessage={errors[field]}
            />
          ))}
          {errors.label ? (
            <p className="labels-empty" role="alert">
              {errors.label}
            </p>
          ) : null}
          <div className="labels-actions">
            <Button onPress={clear} aria-keyshortcuts={PAGE_SHORTCUTS.clear.ariaKeyShortcuts}>
              Clear
            </Button>
            <Button
              variant="primary"
              onPress={() => void print()}
              isDisabled={printing}
              aria-keyshortcuts={PAGE_SHORTCUTS.print.ariaKeyShortcuts}
            >
              {printing ? <Spinner size="small" aria-label="Printing" /> : null}
              Print
            </Button>
          </div>
        </section>
        <LabelPreview label={form} />
      </div>
    </Page>
  );
}
