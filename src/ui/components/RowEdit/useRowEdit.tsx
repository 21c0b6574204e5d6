// useRowEdit: the rowEdit machine with the resource's API calls (its RowEditResource) and the
// snackbar, for one list screen. It hands the table its edit props (pencil, double-click, the edited
// row's fields, delete), the Create dialog and the delete confirmation. Readers get none of it: the
// client skips admin calls silently (docs/dev/product-rules.md#roles), and the server refuses them anyway.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router';
import { fromPromise } from 'xstate';
import { auditTrailPath } from '../../../api/audit';
import { getLimits } from '../../../api/config';
import { changedWhileEditing } from '../../../domain/messages';
import { resourceOf } from '../../../domain/resources';
import { canCreate, rowEditMachine, rowEditStatus } from '../../../machines/rowEdit.machine';
import { useAuth } from '../../state/AuthProvider';
import { useOnChange } from '../../state/ChangeEventsProvider';
import { useNotifications } from '../../state/NotificationProvider';
import type { DataTableProps, RowEditing } from '../DataTable';
import type { ListViewEntity } from '../ListScreen/types';
import { DeleteDialog } from './DeleteDialog';
import { fieldErrorsOf, initialDraft, mergedTexts, normalizeInput, textsOf, type FieldTexts } from './fields';
import { RowFormDialog } from './RowFormDialog';
import type { RowEditResource } from './types';

export interface RowEditOptions {
  /** A record was saved, created or deleted: reload the list. */
  onChanged(): void;
  /** A record was deleted: drop it from the selection. */
  onDeleted(id: string): void;
}

/** The row-edit props of DataTable (none depends on the row type); empty for readers. */
export type RowEditTableProps = Partial<
  Pick<DataTableProps<unknown>, 'onEditRow' | 'onDeleteRow' | 'onHistoryRow' | 'editing' | 'editGone'>
>;

export interface RowEditHandle {
  tableProps: RowEditTableProps;
  openCreate?: () => void;
  openEdit(id: string, column?: string): void;
  dialogs: ReactNode;
}

export function useRowEdit(
  entity: ListViewEntity,
  resource: RowEditResource,
  opts: RowEditOptions,
): RowEditHandle {
  const { http, isAdmin } = useAuth();
  const { notify, clearValidation } = useNotifications();
  const optsRef = useRef(opts);
  const notifyRef = useRef({ notify, clearValidation });
  useEffect(() => {
    optsRef.current = opts;
    notifyRef.current = { notify, clearValidation };
  });

  const [machine] = useState(() =>
    rowEditMachine.provide({
      actors: {
        load: fromPromise(async ({ input, signal }) => {
          const { texts, version } = await resource.load(http, input.id, signal);
          // The draft holds only what the edit may change (fields.ts); the record keeps the rest.
          return { draft: initialDraft(resource.editFields, texts), record: texts, version };
        }),
        // The version the record was loaded with: a record changed since is refused (409).
        update: fromPromise(({ input }) =>
          resource.update(http, input.id, mergedTexts(textsOf(input.record), input.draft), input.version),
        ),
        remove: fromPromise(({ input }) => resource.remove(http, input.id)),
        loadLimits: fromPromise(({ signal }) => getLimits(http, { signal })),
        create: fromPromise(async ({ input }) => ({
          id: await resource.create(http, mergedTexts({}, input.draft)),
        })),
      },
      actions: {
        notify: (_, params) =>
          // With the page: only Analysis and Samples keep a validation message while errors exist
          // (docs/dev/product-rules.md#behaviour Notifications); without it Pol=99 closed after 3 s.
          notifyRef.current.notify(params.kind, params.message, {
            page: entity,
            persistent: params.persistent,
          }),
        clearValidation: () => notifyRef.current.clearValidation(),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { entity: resource.rowEntity } });
  // The row in edit was deleted elsewhere: the table moves the focus off the row that goes.
  const [editGone, setEditGone] = useState<{ rowId: string } | null>(null);

  // Results reload the list; a deleted record leaves the selection too (docs/dev/product-rules.md#behaviour Delete).
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
      // Someone else deleted the record in edit: the list drops its row (also when the change
      // stream missed the delete and only the save's 404 told). A dialog gives the focus back itself.
      actor.on('deletedElsewhere', ({ id, surface }) => {
        optsRef.current.onChanged();
        if (surface === 'row') setEditGone({ rowId: id });
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor]);

  // Change events of this resource: the machine says when they touch the row in edit.
  useOnChange((change) => {
    if (change !== 'reload' && change.resource === entity)
      actor.send({ type: 'CHANGED_ELSEWHERE', keys: change.keys, version: change.version });
  });

  const status = useSelector(actor, rowEditStatus);
  const context = useSelector(actor, (s) => s.context);
  const createEnabled = useSelector(actor, canCreate);

  // Stable handlers: the edited row's cells and the dialogs share them.
  const { change, cancel, save } = useMemo(() => {
    const specs = new Map(resource.fields.map((s) => [s.id, s]));
    return {
      change: (field: string, text: string) =>
        actor.send({ type: 'CHANGE', field, value: normalizeInput(specs.get(field), text) }),
      cancel: () => actor.send({ type: 'CANCEL' }),
      save: () => actor.send({ type: 'SAVE' }),
    };
  }, [actor, resource]);

  const isEditing = (status === 'editing' || status === 'saving') && context.id !== null;
  const notice =
    isEditing && context.changedElsewhere && context.id
      ? changedWhileEditing(resourceOf(resource.rowEntity).recordKey, context.id)
      : null;
  const editTexts = useMemo<FieldTexts | null>(() => {
    if (!isEditing || !context.id) return null;
    const merged = mergedTexts(textsOf(context.record), context.draft);
    return Object.fromEntries(resource.editFields.map((s) => [s.id, merged[s.id] ?? '']));
  }, [isEditing, context.id, context.record, context.draft, resource]);
  // Field messages show once a save was refused, and then follow the input (as the machine's errors).
  const fieldErrors = useMemo(
    () => (context.errors.length > 0 ? fieldErrorsOf(resource.rowEntity, context.draft, context.limits) : {}),
    [context.errors, context.draft, context.limits, resource],
  );

  const editing = useMemo<RowEditing | null>(
    () =>
      editTexts && context.id && context.surface === 'row'
        ? {
            rowId: context.id,
            values: editTexts,
            focusColumn: context.column,
            fieldErrors,
            errors: context.errors,
            notice,
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
      context.surface,
      notice,
      status,
      change,
      save,
      cancel,
    ],
  );

  // Stable row actions: every row's action cell reads them, the edited row's values change per key.
  // 'Show history' opens the record's audit trail (docs/dev/architecture.md#audit-trail), filtered
  // by the entity name the resource's audit events carry (its descriptor's auditEntity).
  const navigate = useNavigate();
  const rowActions = useMemo(
    () => ({
      onEditRow: (id: string, column?: string) => actor.send({ type: 'EDIT', id, column, surface: 'row' }),
      onDeleteRow: (id: string) => actor.send({ type: 'REQUEST_DELETE', id }),
      onHistoryRow: (id: string) => void navigate(auditTrailPath(resourceOf(resource.rowEntity).auditEntity, id)),
    }),
    [actor, navigate, resource.rowEntity],
  );
  const tableProps = useMemo<RowEditTableProps>(
    () => (isAdmin ? { ...rowActions, editing, editGone } : {}),
    [isAdmin, rowActions, editing, editGone],
  );

  const openEdit = (id: string, column?: string) => {
    if (!isAdmin) return;
    actor.send({ type: 'EDIT', id, column, surface: 'dialog' });
  };
  const openCreate = isAdmin
    ? () => actor.send({ type: 'OPEN_CREATE', template: resource.template() })
    : undefined;

  const creating = status === 'creating' || status === 'submitting';
  const dialogEdit = isEditing && context.surface === 'dialog' && editTexts !== null;
  const dialogs = isAdmin ? (
    <>
      {creating ? (
        <RowFormDialog
          resource={resource}
          mode="create"
          http={http}
          fields={resource.fields}
          values={mergedTexts({}, context.draft)}
          errors={context.errors}
          fieldErrors={fieldErrorsOf(resource.rowEntity, context.draft, context.limits)}
          busy={status === 'submitting'}
          canSubmit={createEnabled}
          onChange={change}
          onSubmit={() => actor.send({ type: 'CREATE' })}
          onCancel={cancel}
        />
      ) : null}
      {dialogEdit ? (
        <RowFormDialog
          resource={resource}
          mode="edit"
          recordId={context.id ?? ''}
          http={http}
          fields={resource.editFields}
          values={editTexts}
          errors={context.errors}
          notice={notice}
          fieldErrors={fieldErrors}
          busy={status === 'saving'}
          canSubmit={status === 'editing'}
          onChange={change}
          onSubmit={save}
          onCancel={cancel}
        />
      ) : null}
      <DeleteDialog
        resource={resource}
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
