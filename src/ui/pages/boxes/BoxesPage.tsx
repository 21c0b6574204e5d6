// Boxes (docs/dev/product-rules.md#screens Boxes page): the upper table of boxes (filter, column selection, page sizes,
// row actions show positions / edit / delete; selecting the same box again deselects it) and the
// lower table of the selected box's positions (drag to reorder by mouse or keyboard, edit and
// delete, moved and modified rows marked) with the box map beside it; the buttons Reorganize Box
// Positions, Clear and Reload, Update Box Positions, Create new Box Position, CSV and PDF. Scans
// go to the next free position of the selected box (useBoxPositions). Behaviour lives in the
// list-view, row-edit (boxes: create, edit, delete; rowEdit.ts) and box-positions machines; this
// file holds the markup.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { exportBoxPositions, viewBoxes } from '../../../api/boxes';
import type { Box } from '../../../domain/entities/box';
import type { BoxPosition } from '../../../domain/entities/boxPosition';
import {
  BOX_EMPTY,
  DISCARD_BOX_POSITIONS,
  NO_BOX_TO_EXPORT,
  NO_DATA,
  UNSAVED_BOX_POSITIONS,
} from '../../../domain/messages';
import {
  canClearReload,
  canCreatePosition,
  canReorganize,
  canUpdate,
  createDisabledReason,
  nextNumber,
  positionKey,
  rowMark,
} from '../../../machines/boxPositions.machine';
import { DataTable, useColumnPrefs } from '../../components/DataTable';
import { saveFile } from '../../components/ExportPanel/saveFile';
import { Page } from '../../components/Page';
import { Button, TextField } from '../../kit';
import { useAuth } from '../../state/AuthProvider';
import { useBusy } from '../../state/BusyProvider';
import { useNotifications } from '../../state/NotificationProvider';
import { useListView, type FetchListPage } from '../../components/ListScreen/useListView';
import { useRowEdit } from '../../components/RowEdit';
import { BoxMap } from './BoxMap';
import { BOX_COLUMNS, BOXES_HEADERS_KEY, positionColumns } from './columns';
import { ConfirmDialog, PositionDialog } from './dialogs';
import { BOX_ROW_EDIT } from './rowEdit';
import { useBoxesPalette } from './useBoxesPalette';
import { useBoxPositions } from './useBoxPositions';
import { useFocusHome } from './useFocusHome';
import './BoxesPage.css';

const PAGE = { page: 'boxes' } as const;
const BOX_COLUMN_IDS = BOX_COLUMNS.map((c) => c.id);

const fetchBoxes: FetchListPage<Box> = async (http, query, signal) => {
  const view = await viewBoxes(http, query, { signal });
  return { rows: view.boxes, totalItems: view.totalItems, totalPages: view.totalPages };
};
const ROW_HEIGHT = 34;

const reasonOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : '');

type PositionDialogState = { mode: 'create' | 'edit'; position: BoxPosition } | null;

/** The filter fields above the boxes table, turned into filter terms (docs/dev/product-rules.md#field-rules Filters). */
function BoxesFilter({
  filters,
  onApply,
}: {
  filters: readonly string[];
  onApply: (terms: string[]) => void;
}) {
  const valueOf = (column: string) =>
    filters.find((f) => f.startsWith(`${column},`))?.slice(column.length + 1) ?? '';
  const [bId, setBId] = useState(() => valueOf('bId'));
  const [name, setName] = useState(() => valueOf('name'));
  const [type, setType] = useState(() => valueOf('type'));
  const apply = () =>
    onApply(
      [
        ['bId', bId],
        ['name', name],
        ['type', type],
      ]
        .filter(([, v]) => v!.trim() !== '')
        .map(([c, v]) => `${c},${v!.trim()}`),
    );
  return (
    <form
      className="boxes-filter"
      aria-label="Filter boxes"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <TextField label="BoxID starts with" value={bId} onChange={setBId} />
      <TextField label="Name starts with" value={name} onChange={setName} />
      <TextField label="Type" value={type} onChange={setType} inputMode="numeric" />
      <Button type="submit">Filter</Button>
      <Button
        onPress={() => {
          setBId('');
          setName('');
          setType('');
          onApply([]);
        }}
      >
        Clear Filter
      </Button>
    </form>
  );
}

export function BoxesPage() {
  const { http } = useAuth();
  const { track } = useBusy();
  const { notify } = useNotifications();
  const navigate = useNavigate();
  const boxes = useListView<Box>({ entity: 'boxes', fetchPage: fetchBoxes });
  const { actor, snapshot, dirty, pendingScans, isAdmin } = useBoxPositions();
  const [prefs, setPrefs] = useColumnPrefs(BOXES_HEADERS_KEY, BOX_COLUMN_IDS);
  const [positionDialog, setPositionDialog] = useState<PositionDialogState>(null);
  const [deletingPosition, setDeletingPosition] = useState<number | null>(null);
  const [confirmingUpdate, setConfirmingUpdate] = useState(false);
  const positionsRef = useRef<HTMLElement>(null);
  const leaveTo = useRef<string | null>(null);
  /** The link whose click asked 'leave?': No gives the focus back to it. */
  const leaveFrom = useRef<HTMLElement | null>(null);

  const { box, positions } = snapshot.context;
  const confirming = snapshot.matches('confirming');
  const ready = snapshot.matches('ready');
  // Focus after an action of the positions table (useFocusHome): the list settled, no dialog open.
  const settled =
    (ready || snapshot.matches('noBox') || snapshot.matches('failed')) &&
    positionDialog === null &&
    deletingPosition === null &&
    !confirmingUpdate;
  const focusHome = useFocusHome(positionsRef, settled, snapshot);
  /** Sends a positions action, remembering the control that started it. */
  const act = (event: Parameters<typeof actor.send>[0]) => {
    focusHome.start();
    actor.send(event);
  };

  // ---- leaving with unsaved changes asks first (docs/dev/product-rules.md#behaviour) -----------------------------------------
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    // In-app links (drawer, help): held back until the question is answered.
    const onClick = (e: MouseEvent) => {
      const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!link || link.getAttribute('target') === '_blank') return;
      const href = link.getAttribute('href')!;
      if (!href.startsWith('/') || href === '/boxes') return;
      e.preventDefault();
      e.stopPropagation();
      leaveTo.current = href;
      leaveFrom.current = link as HTMLElement;
      actor.send({ type: 'LEAVE' });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, actor]);
  // No: the focus goes back to the link that asked. The dialog's own restoring runs a frame after it
  // closes, and may come before the drawer behind it is usable again (a modal makes everything else
  // inert until its effects' clean-up): then it lands nowhere. This effect runs after that clean-up.
  useEffect(() => {
    if (confirming) return;
    const from = leaveFrom.current;
    leaveFrom.current = null;
    if (from?.isConnected && document.activeElement !== from) from.focus();
  }, [confirming]);
  useEffect(() => {
    const sub = actor.on('left', () => {
      if (leaveTo.current) void navigate(leaveTo.current);
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);

  // ---- boxes: show, create, edit, delete ------------------------------------------------------
  const showBox = useCallback(
    (bId: string) => {
      const found = boxes.rows.find((b) => b.bId === bId);
      if (found) actor.send({ type: 'SELECT', box: { bId: found.bId, numMax: found.numMax } });
    },
    [boxes.rows, actor],
  );

  // Create, edit and delete go through the row-edit machine (rowEdit.ts); the list reloads after.
  const boxEdit = useRowEdit('boxes', BOX_ROW_EDIT, {
    onChanged: boxes.reload,
    // The shown box was deleted: its positions went with it.
    onDeleted: (bId) => {
      if (actor.getSnapshot().context.box?.bId !== bId) return;
      actor.send({ type: 'DESELECT' });
      if (actor.getSnapshot().matches('confirming')) actor.send({ type: 'CONFIRM' });
    },
  });
  // The shown box's row changed (MaxPositions edited): its positions follow the new limit.
  useEffect(() => {
    if (!box) return;
    const row = boxes.rows.find((b) => b.bId === box.bId);
    if (row && row.numMax !== box.numMax)
      actor.send({ type: 'BOX_CHANGED', box: { bId: row.bId, numMax: row.numMax } });
  }, [boxes.rows, box, actor]);

  // ---- positions -------------------------------------------------------------------------------
  const markOf = useCallback((p: BoxPosition) => rowMark(snapshot, p), [snapshot]);
  const columns = useMemo(() => positionColumns(markOf), [markOf]);

  const focusRow = (p: BoxPosition) => {
    const key = positionKey(p);
    const region = positionsRef.current;
    const find = () => region?.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(key)}"]`);
    const row = find();
    if (row) {
      row.focus();
      return;
    }
    // Not rendered (the table draws the rows in view): scroll there, then focus.
    const frame = region?.querySelector<HTMLElement>('.dt-scroll-frame');
    const index = positions.findIndex((q) => positionKey(q) === key);
    if (frame && index >= 0) frame.scrollTop = index * ROW_HEIGHT;
    requestAnimationFrame(() => find()?.focus());
  };

  const onReorder = (dragged: string, target: string) => {
    const from = positions.findIndex((p) => positionKey(p) === dragged);
    const at = positions.findIndex((p) => positionKey(p) === target);
    if (from < 0 || at < 0) return;
    // The dragged row takes the target's place: after it when moving down, before it when moving up.
    actor.send({ type: 'MOVE', keys: [dragged], to: at > from ? at + 1 : at });
  };

  const exportPositions = async (type: 'csv' | 'pdf') => {
    if (!box) {
      // From the palette before a box is shown: say what is missing and go to the boxes.
      notify('error', NO_BOX_TO_EXPORT, PAGE);
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('[aria-label="Boxes"] [role="row"][data-row-key]')?.focus(),
      );
      return;
    }
    try {
      saveFile(await track(exportBoxPositions(http, box.bId, type, [])));
    } catch (error) {
      notify('error', reasonOf(error) || 'Processing export failed, please check your logs!', PAGE);
    }
  };

  const createReason = createDisabledReason(snapshot);
  const template = (): BoxPosition => ({
    boxposId: { box: box?.bId ?? '', boxPosId: nextNumber(snapshot) },
    dateExported: null,
    sample: { sampleId: { sId: '', sStamp: '' } },
  });
  const openCreatePosition = () => {
    focusHome.start();
    setPositionDialog({ mode: 'create', position: template() });
  };

  useBoxesPalette({
    boxes: boxes.rows,
    selected: box && ready ? box.bId : null,
    isAdmin,
    canCreatePosition: canCreatePosition(snapshot),
    canReorganize: canReorganize(snapshot),
    canUpdate: canUpdate(snapshot),
    canClearReload: canClearReload(snapshot),
    show: showBox,
    createBox: () => boxEdit.openCreate?.(),
    createPosition: () => openCreatePosition(),
    reorganize: () => act({ type: 'REORGANIZE' }),
    update: () => {
      focusHome.start();
      setConfirmingUpdate(true);
    },
    clearReload: () => act({ type: 'CLEAR_RELOAD' }),
    exportPositions: (type) => void exportPositions(type),
  });

  return (
    <Page title="Boxes" className="boxes-page">
      <section aria-label="Boxes" className="boxes-upper">
        <BoxesFilter filters={boxes.filters} onApply={boxes.setFilters} />
        <DataTable<Box>
          label="Boxes"
          columns={BOX_COLUMNS}
          rows={boxes.rows}
          getRowId={(b) => b.bId}
          sorting={boxes.sorting}
          onSortingChange={boxes.setSorting}
          prefs={prefs}
          onPrefsChange={setPrefs}
          loading={boxes.loading}
          markedRows={boxes.markedRows}
          emptyText={NO_DATA}
          paging={{
            page: boxes.page,
            pageCount: boxes.totalPages,
            totalItems: boxes.totalItems,
            pageSize: boxes.size,
            pageSizes: boxes.pageSizes,
            onPageChange: boxes.setPage,
            onPageSizeChange: boxes.setSize,
          }}
          onShowRow={showBox}
          showRowLabel="Show positions of"
          {...boxEdit.tableProps}
          onCreate={boxEdit.openCreate}
          createLabel="Create new Box"
        />
      </section>

      <section ref={positionsRef} aria-labelledby="box-positions-title" className="boxes-lower">
        <h2 id="box-positions-title" className="boxes-title">
          {box ? `Box positions of ${box.bId} (${positions.length} of ${box.numMax})` : 'Box positions'}
        </h2>
        <div className="boxes-actions" role="toolbar" aria-label="Box positions actions">
          <Button
            onPress={() => act({ type: 'REORGANIZE' })}
            isDisabled={!isAdmin || !canReorganize(snapshot)}
          >
            Reorganize Box Positions
          </Button>
          <Button onPress={() => act({ type: 'CLEAR_RELOAD' })} isDisabled={!canClearReload(snapshot)}>
            Clear and Reload
          </Button>
          <Button
            variant="primary"
            onPress={() => act({ type: 'UPDATE' })}
            isDisabled={!isAdmin || !canUpdate(snapshot)}
          >
            Update Box Positions
          </Button>
          <Button
            onPress={openCreatePosition}
            isDisabled={!isAdmin || !canCreatePosition(snapshot)}
            aria-describedby={createReason ? 'create-position-reason' : undefined}
          >
            Create new Box Position
          </Button>
          <Button onPress={() => void exportPositions('csv')} isDisabled={!box || !ready}>
            Export CSV
          </Button>
          <Button onPress={() => void exportPositions('pdf')} isDisabled={!box || !ready}>
            PDF
          </Button>
          {createReason ? (
            <span id="create-position-reason" className="boxes-hint">
              {createReason}
            </span>
          ) : null}
        </div>
        <p className="boxes-hint" aria-live="polite">
          {/* Readers cannot place samples (docs/dev/product-rules.md#roles): they are not invited to scan. */}
          {!isAdmin
            ? box
              ? null
              : 'Choose a box with its show positions action to see its positions.'
            : box
              ? pendingScans > 0
                ? `${pendingScans} scans waiting…`
                : 'Scan a sample to place it in the next free position.'
              : 'Choose a box with its show positions action to see and scan its positions.'}
        </p>
        <div className="boxes-positions">
          <div className="boxes-positions-table">
            <DataTable<BoxPosition>
              label={box ? `Box positions of ${box.bId}` : 'Box positions'}
              columns={columns}
              rows={positions}
              getRowId={positionKey}
              emptyText={BOX_EMPTY}
              loading={snapshot.matches('loading')}
              onReorderRows={isAdmin && ready ? onReorder : undefined}
              onEditRow={
                isAdmin && ready
                  ? (id) => {
                      const p = positions.find((q) => positionKey(q) === id);
                      focusHome.start();
                      if (p) setPositionDialog({ mode: 'edit', position: p });
                    }
                  : undefined
              }
              onDeleteRow={
                isAdmin && ready && !dirty
                  ? (id) => {
                      focusHome.start();
                      setDeletingPosition(
                        positions.find((q) => positionKey(q) === id)?.boxposId.boxPosId ?? null,
                      );
                    }
                  : undefined
              }
            />
          </div>
          {box ? (
            <BoxMap bId={box.bId} numMax={box.numMax} positions={positions} onChoose={focusRow} />
          ) : null}
        </div>
      </section>

      {boxEdit.dialogs}
      {positionDialog ? (
        <PositionDialog
          mode={positionDialog.mode}
          http={http}
          initial={positionDialog.position}
          onCancel={() => setPositionDialog(null)}
          onSubmit={(p) => {
            // The new or edited row is where the focus goes once the list has it.
            focusHome.result(positionKey(p));
            if (positionDialog.mode === 'create') actor.send({ type: 'CREATE', position: p });
            else actor.send({ type: 'EDIT', key: positionKey(positionDialog.position), position: p });
            setPositionDialog(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={deletingPosition !== null}
        title="Delete Box Position"
        text={`Do you really want to delete boxPosition#${box?.bId ?? ''}/${deletingPosition ?? ''}?`}
        onConfirm={() => {
          if (deletingPosition !== null) actor.send({ type: 'DELETE', boxPosId: deletingPosition });
          setDeletingPosition(null);
        }}
        onCancel={() => setDeletingPosition(null)}
      />
      <ConfirmDialog
        isOpen={confirmingUpdate}
        title="Update Box Positions"
        text={`Save the changed positions of ${box?.bId ?? ''}?`}
        onConfirm={() => {
          setConfirmingUpdate(false);
          actor.send({ type: 'UPDATE' });
        }}
        onCancel={() => setConfirmingUpdate(false)}
      />
      <ConfirmDialog
        isOpen={confirming}
        title="Unsaved changes"
        text={snapshot.context.pending?.kind === 'reload' ? DISCARD_BOX_POSITIONS : UNSAVED_BOX_POSITIONS}
        onConfirm={() => {
          leaveFrom.current = null;
          actor.send({ type: 'CONFIRM' });
        }}
        onCancel={() => {
          leaveTo.current = null;
          actor.send({ type: 'CANCEL' });
        }}
      />
    </Page>
  );
}
