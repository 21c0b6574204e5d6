// 'Filter by expression' from the command palette: the applied terms as one line to edit, e.g.
// 'aId,100~200; sId,400~'. The domain grammar checks every term; a mismatch stays in the dialog
// with 'Filter mismatch - Please check your input!' and changes nothing.
import { useState, type FormEvent } from 'react';
import { parseFilters } from '../../../domain/filter';
import { formatFilterExpression, splitFilterExpression } from '../../../domain/filterPanel';
import { FILTER_MISMATCH } from '../../../domain/messages';
import { Button, Dialog, Form, Modal, TextField } from '../../kit';
import type { ListFilters } from './useListFilters';

export interface FilterExpressionDialogProps {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  applied: readonly string[];
  filters: ListFilters;
}

export function FilterExpressionDialog({
  isOpen,
  onOpenChange,
  applied,
  filters,
}: FilterExpressionDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      <Dialog title="Filter by expression" className="kit-dialog lf-expression">
        {/* Mounted only while open, so each opening starts from the applied filter. */}
        <ExpressionForm applied={applied} filters={filters} onDone={() => onOpenChange(false)} />
      </Dialog>
    </Modal>
  );
}

function ExpressionForm({
  applied,
  filters,
  onDone,
}: {
  applied: readonly string[];
  filters: ListFilters;
  onDone(): void;
}) {
  const [text, setText] = useState(() => formatFilterExpression(applied));
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const terms = splitFilterExpression(text);
    if (!parseFilters(terms).ok) {
      setError(FILTER_MISMATCH);
      return;
    }
    if (filters.applyTerms(terms)) onDone();
  };

  return (
    <Form onSubmit={submit}>
      <TextField
        label="Filter expression"
        value={text}
        onChange={(t) => {
          setText(t);
          setError(null);
        }}
        autoFocus
        description="Terms separated by ';', e.g. aId,100~200; sId,400~; lane,1; dateIn,2025-10-01~2025-10-02"
        errorMessage={error}
      />
      <div className="lf-dialog-actions">
        <Button slot="close">Cancel</Button>
        <Button type="submit" variant="primary">
          Apply filter
        </Button>
      </div>
    </Form>
  );
}
