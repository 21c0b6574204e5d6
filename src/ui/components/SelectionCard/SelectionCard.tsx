// The Selection card of Analysis and Samples (docs/dev/product-rules.md#screens): the count, the 'Filter all' toggles,
// Clear all (asks first), Fetch from the other screen, the Add SampleID field, the selection files
// and one closable chip 'sId|sStamp' per item. Behaviour lives in the selection machine
// (useSelection); this is markup only.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
// The kit has no toggle button or tag group yet; these take the kit's classes so they look alike.
import { FileTrigger, Tag, TagGroup, TagList, ToggleButton } from 'react-aria-components';
import { clearSelectionText, currentlySelected, INFO } from '../../../domain/messages';
import { SELECTION_FILE_EXTENSIONS } from '../../../domain/selection';
import { selectionChipText, type SelectionItem } from '../../../domain/selectionItem';
import { Button, Dialog, Icon, Modal, TextField } from '../../kit';
import { useScanTarget } from '../../scanner';
import { useNotifications } from '../../state/NotificationProvider';
import type { SelectionHandle } from './types';
import './SelectionCard.css';

export interface SelectionCardProps {
  /** 'Fetch from Samples' / 'Fetch from Analysis' (the resource's). */
  fetchLabel: string;
  selection: SelectionHandle;
  /** A chip click: open that item for edit (without it the chips only close). */
  onOpenItem?(item: SelectionItem): void;
}

const ACCEPTED_FILES = SELECTION_FILE_EXTENSIONS.map((ext) => `.${ext}`);

/** A 'Filter all' toggle: it may always be switched off; switching on needs something selected. */
function FilterToggle({
  isSelected,
  onChange,
  empty,
  children,
}: {
  isSelected: boolean;
  onChange(): void;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <ToggleButton
      className="kit-button"
      data-variant="secondary"
      isSelected={isSelected}
      onChange={onChange}
      isDisabled={empty && !isSelected}
    >
      {children}
    </ToggleButton>
  );
}

export function SelectionCard({ fetchLabel, selection, onOpenItem }: SelectionCardProps) {
  const headingId = useId();
  const filesLabelId = useId();
  const { notify } = useNotifications();
  const [sampleId, setSampleId] = useState('');
  const fieldRef = useRef<HTMLInputElement>(null);
  const busy = selection.status === 'lookingUp';
  const empty = selection.items.length === 0;
  // A scan anywhere on the page outside a text field lands here, as if typed into the field.
  useScanTarget({ scan: selection.addSampleId, field: () => fieldRef.current });

  const onSampleIdKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      if (sampleId.trim() === '') return;
      // Taken at once, even while a lookup runs: the queue looks it up in its turn.
      selection.addSampleId(sampleId);
      // Ready for the next scan.
      setSampleId('');
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setSampleId('');
      notify('info', INFO.inputCleared, { page: selection.entity });
    }
  };

  return (
    <section className="selection-card" aria-labelledby={headingId}>
      <div className="selection-card-head">
        <h2 id={headingId} className="selection-card-title">
          Selection
        </h2>
        {/* Not a live region: the snackbar already says what was added or removed, once. */}
        <p className="selection-card-count">{currentlySelected(selection.items.length)}</p>
      </div>

      <div className="selection-card-actions" role="group" aria-label="Selection actions">
        <FilterToggle isSelected={selection.filterAll} onChange={selection.toggleFilterAll} empty={empty}>
          Filter all
        </FilterToggle>
        <FilterToggle
          isSelected={selection.filterAllSIds}
          onChange={selection.toggleFilterAllSIds}
          empty={empty}
        >
          Filter all Sample IDs
        </FilterToggle>
        <Button onPress={selection.clear} isDisabled={empty}>
          Clear all
        </Button>
        <Button onPress={selection.fetchFromOther} isDisabled={busy}>
          {fetchLabel}
        </Button>
      </div>

      <div className="selection-card-inputs">
        <TextField
          label="Add SampleID"
          inputRef={fieldRef}
          value={sampleId}
          onChange={setSampleId}
          onKeyDown={onSampleIdKey}
          inputMode="numeric"
          autoComplete="off"
          description="Enter adds, Esc clears"
        />
        <div className="selection-card-files" role="group" aria-labelledby={filesLabelId}>
          <span id={filesLabelId} className="kit-label">
            Files for selecting SampleIDs
          </span>
          <FileTrigger
            allowsMultiple
            acceptedFileTypes={ACCEPTED_FILES}
            onSelect={(files) => selection.addFiles(files ? Array.from(files) : [])}
          >
            <Button isDisabled={busy}>Select</Button>
          </FileTrigger>
        </div>
      </div>

      {empty ? null : (
        <TagGroup
          aria-label="Selected items"
          className="selection-card-chips"
          onRemove={(keys) => {
            for (const key of keys) selection.remove(String(key));
          }}
        >
          <TagList items={selection.items} className="selection-card-chip-list">
            {(item) => (
              <Tag
                id={item.key}
                textValue={selectionChipText(item)}
                className="selection-chip"
                onAction={onOpenItem ? () => onOpenItem(item) : undefined}
              >
                <span className="selection-chip-text">{selectionChipText(item)}</span>
                {/* React Aria names it 'Remove' plus the chip's text. */}
                <Button slot="remove" variant="quiet" iconOnly>
                  <Icon name="close" size={14} />
                </Button>
              </Tag>
            )}
          </TagList>
        </TagGroup>
      )}

      <Modal
        isOpen={selection.status === 'confirmingClear'}
        onOpenChange={(open) => {
          if (!open) selection.cancelClear();
        }}
      >
        <Dialog role="alertdialog" title="Clear selection" className="kit-dialog selection-confirm">
          <p>{clearSelectionText(selection.items.length)}</p>
          <div className="selection-confirm-actions">
            <Button onPress={selection.cancelClear} autoFocus>
              Cancel
            </Button>
            <Button variant="danger" onPress={selection.confirmClear}>
              Clear all
            </Button>
          </div>
        </Dialog>
      </Modal>
    </section>
  );
}
