// Row edit inside DataTable (docs/dev/product-rules.md#behaviour Row edit): the fields of the one row in edit mode and the row
// actions (pencil and delete; save and close while editing). Rows and cells of the virtualized
// table are rendered once and kept, so the edit state reaches them through context: only the cells
// of the edited row re-render on a keystroke.
import { createContext, useContext, useEffect, useRef } from 'react';
import { Button, CellField, Icon, type IconName } from '../../kit';
import { formatCell } from './format';
import type { BatchEditing, DataColumn, RowEditing } from './types';

/** The key of the row in edit mode (changes rarely: every cell reads it). */
export const EditingRowContext = createContext<string | null>(null);

export interface EditingState {
  editing: RowEditing;
  /** The column whose field takes the focus. */
  focusTarget: string | null;
}

/** The values and handlers of the edited row (changes on every keystroke: only its cells read it). */
export const EditingContext = createContext<EditingState | null>(null);

export interface RowActions {
  onEditRow?: (id: string, column?: string) => void;
  onDeleteRow?: (id: string) => void;
  onShowRow?: (id: string) => void;
  showRowLabel?: string;
  /** 'Show history': the record's audit trail (admins). */
  onHistoryRow?: (id: string) => void;
}

export const RowActionsContext = createContext<RowActions>({});

/** The batch being edited (DataTable's `batch` option), or null. */
export const BatchContext = createContext<BatchEditing | null>(null);

/** Marks the inputs of the edited row: the table lets their keys and clicks through to them. */
export const EDIT_FIELD_ATTR = 'data-edit-field';
/** Marks the save and close buttons: Esc on them cancels too. */
export const EDIT_ACTION_ATTR = 'data-edit-action';

export const isEditable = <T,>(column: DataColumn<T>, editing: RowEditing | null): boolean =>
  column.editable === true && editing !== null && Object.hasOwn(editing.values, column.id);

/**
 * A cell's content: its formatted text, or its field while the row is edited. The text is formatted
 * here, when the cell is on screen, not while the table's collection is built (that would format
 * every cell of a 15,000-row page up front).
 */
export function CellContent<T>({ rowId, row, column }: { rowId: string; row: T; column: DataColumn<T> }) {
  const editingRow = useContext(EditingRowContext);
  const batch = useContext(BatchContext);
  const text = formatCell(
    column.accessor(row),
    column.numeric,
    column.decimals ?? 0,
    column.grouping ?? true,
  );
  if (batch && column.editable === true && Object.hasOwn(batch.values[rowId] ?? {}, column.id))
    return <BatchField batch={batch} rowId={rowId} column={column} />;
  // The full text on hover, also when the column cuts it ('Info' on Settings).
  if (editingRow !== rowId || column.editable !== true)
    return text ? (
      <span className="dt-text" title={text}>
        {text}
      </span>
    ) : null;
  return <EditField column={column} text={text} />;
}

/** A cell's field in batch edit: named by its column and row, so each of many fields is told apart. */
function BatchField<T>({
  batch,
  rowId,
  column,
}: {
  batch: BatchEditing;
  rowId: string;
  column: DataColumn<T>;
}) {
  return (
    <CellField
      aria-label={`${column.header} of ${rowId}`}
      value={batch.values[rowId]?.[column.id] ?? ''}
      onChange={(v) => batch.onChange(rowId, column.id, v)}
      errorMessage={batch.fieldErrors[rowId]?.[column.id]}
      isReadOnly={batch.busy}
      numeric={column.numeric}
      {...{ [EDIT_FIELD_ATTR]: '' }}
    />
  );
}

/** The changed-row sign of batch edit: a dot for the eye, its word for a screen reader, a tooltip. */
export function ChangedMark({ rowId }: { rowId: string }) {
  const batch = useContext(BatchContext);
  if (!batch?.changed.has(rowId)) return null;
  return (
    <span className="dt-changed" title="Changed, not saved yet">
      <span aria-hidden="true">●</span>
      <span className="sr-only">Changed</span>
    </span>
  );
}

function EditField<T>({ column, text }: { column: DataColumn<T>; text: string }) {
  const state = useContext(EditingContext);
  const ref = useRef<HTMLInputElement>(null);
  const isTarget = state?.focusTarget === column.id;
  useEffect(() => {
    if (!isTarget || !ref.current) return;
    ref.current.focus();
    ref.current.select();
  }, [isTarget]);
  if (!state || !Object.hasOwn(state.editing.values, column.id)) return <>{text}</>;
  const { editing } = state;
  const error = editing.fieldErrors[column.id];
  return (
    <CellField
      inputRef={ref}
      aria-label={column.header}
      value={editing.values[column.id] ?? ''}
      onChange={(v) => editing.onChange(column.id, v)}
      errorMessage={error}
      isReadOnly={editing.busy}
      numeric={column.numeric}
      {...{ [EDIT_FIELD_ATTR]: '' }}
    />
  );
}

/** One icon button of the row actions cell. */
function ActionButton({
  label,
  icon,
  onPress,
  isDisabled,
  editAction = false,
}: {
  label: string;
  icon: IconName;
  onPress: () => void;
  isDisabled?: boolean;
  /** Save and close of the edited row (Esc on them cancels too). */
  editAction?: boolean;
}) {
  return (
    <Button
      variant="quiet"
      iconOnly
      className="kit-button dt-row-action"
      aria-label={label}
      isDisabled={isDisabled}
      onPress={onPress}
      {...(editAction ? { [EDIT_ACTION_ATTR]: '' } : {})}
    >
      <Icon name={icon} size={16} />
    </Button>
  );
}

/** The icons of the row actions without their buttons, while the grid scrolls (CellContext.settled). */
function PassiveActions({
  show,
  history,
  edit,
  remove,
}: {
  show: boolean;
  history: boolean;
  edit: boolean;
  remove: boolean;
}) {
  return (
    <div className="dt-row-actions" aria-hidden="true">
      {show ? (
        <span className="kit-button dt-row-action" data-variant="quiet" data-icon-only>
          <Icon name="arrowRight" size={16} />
        </span>
      ) : null}
      {history ? (
        <span className="kit-button dt-row-action" data-variant="quiet" data-icon-only>
          <Icon name="logs" size={16} />
        </span>
      ) : null}
      {edit ? (
        <span className="kit-button dt-row-action" data-variant="quiet" data-icon-only>
          <Icon name="edit" size={16} />
        </span>
      ) : null}
      {remove ? (
        <span className="kit-button dt-row-action" data-variant="quiet" data-icon-only>
          <Icon name="trash" size={16} />
        </span>
      ) : null}
    </div>
  );
}

/** The row actions cell: pencil and delete, or save and close while this row is edited. */
export function RowActionsCell({ rowId, passive = false }: { rowId: string; passive?: boolean }) {
  const editingRow = useContext(EditingRowContext);
  const { onEditRow, onDeleteRow, onShowRow, onHistoryRow, showRowLabel = 'Show' } = useContext(RowActionsContext);
  if (editingRow === rowId) return <EditActions />;
  if (passive)
    return (
      <PassiveActions
        show={Boolean(onShowRow)}
        history={Boolean(onHistoryRow)}
        edit={Boolean(onEditRow)}
        remove={Boolean(onDeleteRow)}
      />
    );
  return (
    <div className="dt-row-actions">
      {onShowRow ? (
        <ActionButton label={`${showRowLabel} ${rowId}`} icon="arrowRight" onPress={() => onShowRow(rowId)} />
      ) : null}
      {onHistoryRow ? (
        <ActionButton label={`Show history of ${rowId}`} icon="logs" onPress={() => onHistoryRow(rowId)} />
      ) : null}
      {onEditRow ? (
        <ActionButton label={`Edit row ${rowId}`} icon="edit" onPress={() => onEditRow(rowId)} />
      ) : null}
      {onDeleteRow ? (
        <ActionButton label={`Delete row ${rowId}`} icon="trash" onPress={() => onDeleteRow(rowId)} />
      ) : null}
    </div>
  );
}

function EditActions() {
  const state = useContext(EditingContext);
  if (!state) return null;
  const { editing } = state;
  return (
    <div className="dt-row-actions">
      <ActionButton label="Save" icon="save" onPress={editing.onSave} isDisabled={editing.busy} editAction />
      <ActionButton
        label="Cancel edit"
        icon="close"
        onPress={editing.onCancel}
        isDisabled={editing.busy}
        editAction
      />
    </div>
  );
}
