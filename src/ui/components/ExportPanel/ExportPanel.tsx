// The Export panel of Analysis and Samples (docs/dev/product-rules.md#screens): Export CSV, XLSX, SAP, ZFT, the confirmation
// above 5000 items, the SAP/ZFT warning, and a Download button that names the file format, spins
// while the export is pending and is enabled when the file is ready. Behaviour lives in the export
// machine (useExport); this is markup. Reading exports are not role-gated (docs/dev/product-rules.md#users, docs/dev/product-rules.md#roles); SAP and ZFT
// write, so useExport offers them to admins only (docs/dev/architecture.md#domain-decisions).
import { useEffect, useRef } from 'react';
import { Button, Dialog, Modal, Spinner } from '../../kit';
import { isLargeExport, type ExportType } from '../../../domain/exportJob';
import type { ExportHandle } from './useExport';
import {
  EXPORT_CONFIRM_TITLE,
  exportConfirmText,
  exportedRowsSkipped,
  downloadLabel,
  exportButtonLabel,
  flagsConfirmTitle,
  flagsWarning,
} from '../../../domain/messages';
import './ExportPanel.css';

export interface ExportPanelProps {
  exporter: ExportHandle;
  /** Defaults to what the view offers (exporter.types). */
  types?: readonly ExportType[];
}

export function ExportPanel({ exporter, types = exporter.types }: ExportPanelProps) {
  const { status, type } = exporter;
  const busy = status === 'pending' || status === 'downloading';
  // One job at a time: the machine takes a new export only when the last one is fetched or ended.
  const canStart = status === 'idle';
  const firstFormat = useRef<HTMLButtonElement>(null);
  const download = useRef<HTMLButtonElement>(null);
  // The pressed Export button disables while the job runs, and Download disables once fetched:
  // focus that would fall to the page goes to the button that now matters (Download, announced as
  // pending, then ready; afterwards the first format again).
  // Only a change of status hands focus on: at mount nothing was pressed, and taking focus then
  // scrolled the side column down to the Export buttons, hiding the Selection card's top (issue 27).
  const shownStatus = useRef(status);
  useEffect(() => {
    if (shownStatus.current === status) return;
    shownStatus.current = status;
    const active = document.activeElement;
    const lost = active === null || active === document.body || (active as HTMLButtonElement).disabled;
    if (!lost || status === 'confirming') return;
    if (status === 'idle') firstFormat.current?.focus();
    else download.current?.focus();
  }, [status]);
  return (
    // aria-busy on the region: React Aria's Button does not pass it on; the button itself is
    // pending (aria-disabled, its spinner named in its label).
    <section className="export-panel" aria-label="Export" aria-busy={busy || undefined}>
      <div className="export-panel-buttons" role="group" aria-label="Export formats">
        {types.map((t, i) => (
          <Button
            key={t}
            ref={i === 0 ? firstFormat : undefined}
            isDisabled={!canStart}
            onPress={() => exporter.start(t)}
          >
            {exportButtonLabel(t)}
          </Button>
        ))}
      </div>
      <Button
        variant="primary"
        ref={download}
        className="kit-button export-panel-download"
        aria-label={downloadLabel(type)}
        isDisabled={status === 'idle' || status === 'confirming'}
        isPending={busy}
        onPress={exporter.download}
      >
        {busy ? (
          <Spinner aria-label={status === 'downloading' ? 'downloading' : 'export in progress'} />
        ) : null}
        <span>{downloadLabel(type)}</span>
      </Button>
      {exporter.altersFlags && type && status !== 'idle' && status !== 'confirming' ? (
        <p className="export-panel-warning" role="note">
          {flagsWarning(type)}
        </p>
      ) : null}
      {exporter.skippedExported > 0 && (status === 'ready' || status === 'downloading') ? (
        <p className="export-panel-warning" role="status">
          {exportedRowsSkipped(exporter.skippedExported)}
        </p>
      ) : null}
      <Modal
        isOpen={status === 'confirming'}
        onOpenChange={(open) => {
          if (!open) exporter.cancel();
        }}
      >
        <Dialog
          role="alertdialog"
          title={exporter.altersFlags && type ? flagsConfirmTitle(type) : EXPORT_CONFIRM_TITLE}
          className="kit-dialog export-confirm"
        >
          {/* Asked above 5000 items, and before every SAP/ZFT export: its warning is the question. */}
          {isLargeExport(exporter.total) ? <p>{exportConfirmText(type, exporter.total)}</p> : null}
          {exporter.altersFlags && type ? <p className="export-panel-warning">{flagsWarning(type)}</p> : null}
          <div className="export-confirm-actions">
            <Button slot="close" autoFocus>
              Cancel
            </Button>
            <Button variant="primary" onPress={exporter.confirm}>
              {type ? exportButtonLabel(type) : 'Export'}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </section>
  );
}
