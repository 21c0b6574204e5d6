// The bottom bar of DataTable: rows per page, the page slider, the paginator and the slots for the
// page's own buttons (PDF, Create). Pages without paging (logs, reports) leave it out.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Select, Slider } from '../../kit';
import { formatCount } from './format';

export interface PagingProps {
  /** 0-based page. */
  page: number;
  pageCount: number;
  totalItems: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

export function PageSizeSelect({
  pageSize,
  pageSizes,
  onPageSizeChange,
}: Pick<PagingProps, 'pageSize' | 'pageSizes' | 'onPageSizeChange'>) {
  return (
    <Select
      label="Rows per page"
      placement="top"
      value={pageSize}
      options={pageSizes.map((n) => ({ id: n, label: String(n) }))}
      onChange={(key) => onPageSizeChange(Number(key))}
    />
  );
}

export function PageSlider({
  page,
  pageCount,
  onPageChange,
}: Pick<PagingProps, 'page' | 'pageCount' | 'onPageChange'>) {
  const last = Math.max(1, pageCount);
  // The thumb moves with the keys at once and follows the paginator; never remounted, so the
  // focus stays on it while pages load (arrow key by arrow key).
  const [value, setValue] = useState(page + 1);
  useEffect(() => setValue(page + 1), [page]);
  return (
    <Slider
      label="Page"
      minValue={1}
      maxValue={last}
      value={Math.min(value, last)}
      onChange={setValue}
      isDisabled={last <= 1}
      onChangeEnd={(n) => {
        if (n - 1 !== page) onPageChange(n - 1);
      }}
    />
  );
}

type PagerButton = 'first' | 'previous' | 'next' | 'last';

export function Paginator({ page, pageCount, totalItems, pageSize, onPageChange }: PagingProps) {
  const last = Math.max(0, pageCount - 1);
  const from = totalItems === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(totalItems, (page + 1) * pageSize);
  const first = useRef<HTMLButtonElement>(null);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const lastButton = useRef<HTMLButtonElement>(null);
  const status = useRef<HTMLSpanElement>(null);
  const pressed = useRef<PagerButton | null>(null);
  const go = (button: PagerButton, target: number) => {
    pressed.current = button;
    onPageChange(target);
  };
  // A pressed button that is disabled on the new page (First on page 1, Last on the last) would
  // drop focus to the page: it moves to the way back instead, or to the announced page number.
  useEffect(() => {
    const button = pressed.current;
    pressed.current = null;
    const refs = { first, previous, next, last: lastButton };
    if (!button || !refs[button].current?.disabled) return;
    const back = button === 'first' || button === 'previous' ? next : previous;
    (back.current && !back.current.disabled ? back.current : status.current)?.focus();
    // Only a new page or page count can disable the pressed button.
  }, [page, pageCount]);
  return (
    <nav className="dt-paginator" aria-label="Pagination">
      <span className="dt-range">
        {formatCount(from)}–{formatCount(to)} of {formatCount(totalItems)}
      </span>
      <Button
        variant="quiet"
        iconOnly
        aria-label="First page"
        ref={first}
        isDisabled={page <= 0}
        onPress={() => go('first', 0)}
      >
        <span aria-hidden="true">«</span>
      </Button>
      <Button
        variant="quiet"
        iconOnly
        aria-label="Previous page"
        ref={previous}
        isDisabled={page <= 0}
        onPress={() => go('previous', page - 1)}
      >
        <span aria-hidden="true">‹</span>
      </Button>
      <span className="dt-page-of" aria-live="polite" ref={status} tabIndex={-1}>
        Page {page + 1} of {Math.max(1, pageCount)}
      </span>
      <Button
        variant="quiet"
        iconOnly
        aria-label="Next page"
        ref={next}
        isDisabled={page >= last}
        onPress={() => go('next', page + 1)}
      >
        <span aria-hidden="true">›</span>
      </Button>
      <Button
        variant="quiet"
        iconOnly
        aria-label="Last page"
        ref={lastButton}
        isDisabled={page >= last}
        onPress={() => go('last', last)}
      >
        <span aria-hidden="true">»</span>
      </Button>
    </nav>
  );
}

/** The bar: paging controls when the table pages, then the page's buttons at the right. */
export function TableFooter({ paging, children }: { paging?: PagingProps; children?: ReactNode }) {
  if (!paging && !children) return null;
  return (
    <div className="dt-bar" role="group" aria-label="Table pages">
      {paging ? (
        <>
          <PageSizeSelect {...paging} />
          <PageSlider {...paging} />
          <Paginator {...paging} />
        </>
      ) : null}
      {children ? <div className="dt-bar-actions">{children}</div> : null}
    </div>
  );
}
