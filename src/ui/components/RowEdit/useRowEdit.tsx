// useRowEdit: the rowEdit machine with the real API calls and the snackbar, for the
// Analysis or Samples screen. It hands the table its edit props (pencil, double-click, the edited
// row's fields, delete), the Create dialog and the delete confirmation. Readers get none of it: the
// client skips admin calls silently (spec §6), and the server refuses them anyway.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { createAnalysis, deleteAnalysis, getAnalysis, updateAnalysis } from '../../../api/analysis';
import { getLimits } from '../../../api/config';
import { createSample, deleteSample, getSample, updateSample } from '../../../api/samples';
import { parseSampleKey, type SampleKey } from '../../../domain/ids';
import { sampleNotFound } from '../../../domain/messages';
import { canCreate, rowEditMachine, rowEditStatus } from '../../../machines/rowEdit.machine';
import { useAuth } from '../../state/AuthProvider';
import { useNotifications } from '../../state/NotificationProvider';
import type { DataTableProps, RowEditing } from '../DataTable';
import type { ListEntity } from '../ListScreen/types';
import { DeleteDialog } from './DeleteDialog';
import {
  analysisBody,
  analysisTexts,
  fieldErrorsOf,
  fieldsOf,
  initialDraft,
  mergedTexts,
  normalizeInput,
  rowEditFields,
  rowEntityOf,
  sampleBody,
  sampleTexts,
  templateTexts,
  type FieldTexts,
} from './fields';
import { RowFormDialog } from './RowFormDialog';

export interface RowEditOptions {
  /** A record was saved, created or deleted: reload the list. */
  onChanged(): void;
  /** A record was deleted: drop it from the selection. */
  onDeleted(id: string): void;
}

/** The row-edit props of DataTable (none depends on the row type); empty for readers. */
export type RowEditTableProps = Partial<
  Pick<DataTableProps<unknown>, 'onEditRow' | 'onDeleteRow' | 'editing'>
>;

export interface RowEditHandle {
  tableProps: RowEditTableProps;
  openCreate?: () => void;
  openEdit(id: string, column?: string): void;
  dialogs: ReactNode;
}

const sampleKeyOf = (id: string): SampleKey => {
  const key = parseSampleKey(id);
  if (!key) throw new Error(sampleNotFound(id));
  return key;
};

/** Where an edit shows: in its table row, or (opened from the Selection card) in a dialog. */
type Surface = 'row' | 'dialog';

export function useRowEdit(entity: ListEntity, opts: RowEditOptions): RowEditHandle {
  const { http, isAdmin } = useAuth();
  const { notify, clearValidation } = useNotifications();
  const optsRef = useRef(opts);
  const notifyRef = useRef({ notify, clearValidation });
  useEffect(() => {
    optsRef.current = opts;
    notifyRef.current = { notify, clearValidation };
  });
  /** The loaded record's texts: the draft holds only what the edit may change (fields.ts). */
  const loaded = useRef<{ id: string; texts: FieldTexts } | null>(null);
  const [surface, setSurface] = useState<Surface>('row');

  const [machine] = useState(() =>
    rowEditMachine.provide({
      actors: {
        load: fromPromise(async ({ input, signal }) => {
          const record =
            entity === 'analysis'
              ? await getAnalysis(http, input.id, { signal })
              : await getSample(http, sampleKeyOf(input.id), { signal });
          const texts = 'aId' in record ? analysisTexts(record) : sampleTexts(record);
          loaded.current = { id: input.id, texts };
          return { draft: initialDraft(entity, texts), version: record.version };
        }),
        update: fromPromise(async ({ input }) => {
          const base = loaded.current?.id === input.id ? loaded.current.texts : {};
          const texts = mergedTexts(base, input.draft);
          // The version the record was loaded with: a record changed since is refused (409).
          const { version } = input;
          return entity === 'analysis'
            ? updateAnalysis(http, input.id, { ...analysisBody(texts), version })
            : updateSample(http, sampleKeyOf(input.id), { ...sampleBody(texts), version });
        }),
        remove: fromPromise(({ input }) =>
          entity === 'analysis' ? deleteAnalysis(http, input.id) : deleteSample(http, sampleKeyOf(input.id)),
        ),
        create: fromPromise(async ({ input }) => {
          const texts = mergedTexts({}, input.draft);
          if (entity === 'analysis') {
            const { aId } = await createAnalysis(http, analysisBody(texts));
            return { id: String(aId) };
          }
          const { ID } = await createSample(http, sampleBody(texts));
          return { id: ID };
        }),
      },
      actions: {
        notify: (_, params) =>
          // With the page: only Analysis and Samples keep a validation message while errors exist
          // (spec §4 Notifications); without it Pol=99 closed after 3 s.
          notifyRef.current.notify(params.kind, params.message, {
            page: entity,
            persistent: params.persistent,
          }),
        clearValidation: () => notifyRef.current.clearValidation(),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { entity: rowEntityOf(entity) } });

  // Results reload the list; a deleted record leaves the selection too (spec §4 Delete).
  useEffect(() => {
    const subs = [
      actor.on('saved', () => optsRef.current.onChanged()),
      actor.on('created', () => optsRef.current.onChanged()),
      // Someone else changed the record: the list shows their change (the row is loaded again).
      actor.on('conflict', () => optsRef.current.onChanged()),
      actor.on('deleted', ({ id }) => {
        optsRef.current.onChanged();
        optsRef.current.onDeleted(id);
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor]);

  // The measured values are checked against the server's limits (spec §5, last row).
  useEffect(() => {
    if (!isAdmin) return;
    const controller = new AbortController();
    getLimits(http, { signal: controller.signal }).then(
      (limits) => actor.send({ type: 'SET_LIMITS', limits }),
      // Without limits a measured value cannot be judged: its message says so ('? and ?').
      () => {},
    );
    return () => controller.abort();
  }, [actor, http, isAdmin]);

  const status = useSelector(actor, rowEditStatus);
  const context = useSelector(actor, (s) => s.context);
  const createEnabled = useSelector(actor, canCreate);

  // Stable handlers: the edited row's cells and the dialogs share them.
  const { change, cancel, save } = useMemo(() => {
    const specs = new Map(fieldsOf(entity).map((s) => [s.id, s]));
    return {
      change: (field: string, text: string) =>
        actor.send({ type: 'CHANGE', field, value: normalizeInput(specs.get(field), text) }),
      cancel: () => actor.send({ type: 'CANCEL' }),
      save: () => actor.send({ type: 'SAVE' }),
    };
  }, [actor, entity]);

  const isEditing = (status === 'editing' || status === 'saving') && context.id !== null;
  const editTexts = useMemo<FieldTexts | null>(() => {
    if (!isEditing || !context.id) return null;
    const base = loaded.current?.id === context.id ? loaded.current.texts : {};
    const merged = mergedTexts(base, context.draft);
    return Object.fromEntries(rowEditFields(entity).map((s) => [s.id, merged[s.id] ?? '']));
  }, [isEditing, context.id, context.draft, entity]);
  // Field messages show once a save was refused, and then follow the input (as the machine's errors).
  const fieldErrors = useMemo(
    () => (context.errors.length > 0 ? fieldErrorsOf(entity, context.draft, context.limits) : {}),
    [context.errors, context.draft, context.limits, entity],
  );

  const editing = useMemo<RowEditing | null>(
    () =>
      editTexts && context.id && surface === 'row'
        ? {
            rowId: context.id,
            values: editTexts,
            focusColumn: context.column,
            fieldErrors,
            errors: context.errors,
            busy: status === 'saving',
            onChange: change,
            onSave: save,
            onCancel: cancel,
          }
        : null,
    [
      editTexts,
      context.id,
      context.column,
      context.errors,
      fieldErrors,
      surface,
      status,
      change,
      save,
      cancel,
    ],
  );

  // Stable row actions: every row's action cell reads them, the edited row's values change per key.
  const rowActions = useMemo(
    () => ({
      onEditRow: (id: string, column?: string) => {
        setSurface('row');
        actor.send({ type: 'EDIT', id, column });
      },
      onDeleteRow: (id: string) => actor.send({ type: 'REQUEST_DELETE', id }),
    }),
    [actor],
  );
  const tableProps = useMemo<RowEditTableProps>(
    () => (isAdmin ? { ...rowActions, editing } : {}),
    [isAdmin, rowActions, editing],
  );

  const openEdit = (id: string, column?: string) => {
    if (!isAdmin) return;
    setSurface('dialog');
    actor.send({ type: 'EDIT', id, column });
  };
  const openCreate = isAdmin
    ? () => actor.send({ type: 'OPEN_CREATE', template: templateTexts(entity) })
    : undefined;

  const creating = status === 'creating' || status === 'submitting';
  const dialogEdit = isEditing && surface === 'dialog' && editTexts !== null;
  const dialogs = isAdmin ? (
    <>
      {creating ? (
        <RowFormDialog
          entity={entity}
          mode="create"
          http={http}
          fields={fieldsOf(entity)}
          values={mergedTexts({}, context.draft)}
          errors={context.errors}
          fieldErrors={fieldErrorsOf(entity, context.draft, context.limits)}
          busy={status === 'submitting'}
          canSubmit={createEnabled}
          onChange={change}
          onSubmit={() => actor.send({ type: 'CREATE' })}
          onCancel={cancel}
        />
      ) : null}
      {dialogEdit ? (
        <RowFormDialog
          entity={entity}
          mode="edit"
          recordId={context.id ?? ''}
          http={http}
          fields={rowEditFields(entity)}
          values={editTexts}
          errors={context.errors}
          fieldErrors={fieldErrors}
          busy={status === 'saving'}
          canSubmit={status === 'editing'}
          onChange={change}
          onSubmit={save}
          onCancel={cancel}
        />
      ) : null}
      <DeleteDialog
        entity={entity}
        id={context.id ?? ''}
        isOpen={status === 'confirmingDelete' || status === 'deleting'}
        busy={status === 'deleting'}
        onConfirm={() => actor.send({ type: 'CONFIRM' })}
        onCancel={cancel}
      />
    </>
  ) : null;

  return { tableProps, openCreate, openEdit, dialogs };
}
