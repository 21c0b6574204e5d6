// The virtualizer layout of DataTable: React Aria's TableLayout with three changes.
// 1. Column widths from layoutOptions.columnWidths apply. RAC's TableLayout merges its own options
//    over ours, and outside a ResizableTableContainer those say `columnWidths: undefined`, so every
//    column got the same share of the width (sample ids lost digits, dates their day). A
//    ResizableTableContainer would honour Column widths, but it stops Enter/Space from opening the
//    header menus, so the widths come from the DataColumn model instead.
// 2. Only rows are virtualized, never columns: a rendered row holds all its cells, so find-in-page,
//    screen readers and the edit fields of a row being edited see the whole row while the table
//    scrolls sideways (a table has at most ~30 columns; rows are what can reach 15,000).
// 3. Rows laid out while scrolling stay laid out (see layoutIfNeeded). ListLayout grows the laid-out
//    area as the view scrolls but counts only what the last update() built as valid, so each new
//    frame rebuilt every row (and its ~25 cells) between the top and the view: scrolling a
//    15,000-row page slowed down the further it got (bench: most of the frame time). Rows built with
//    the same collection and options are as valid as those of update(); an update (new rows,
//    widths, size) still revalidates them.
import { Rect, TableLayout, type TableLayoutProps } from 'react-aria-components';

const NO_OPTIONS: TableLayoutProps = {};

type Invalidation = Parameters<TableLayout<unknown>['update']>[0];

export class WidthTableLayout<T> extends TableLayout<T> {
  /** Sum of the given column widths: how far right a row's cells reach. */
  private rowWidth = 0;

  override useLayoutOptions(): TableLayoutProps {
    return NO_OPTIONS;
  }

  override update(invalidationContext: Invalidation): void {
    const widths = invalidationContext.layoutOptions?.columnWidths;
    if (widths) this.rowWidth = [...widths.values()].reduce((sum, w) => sum + w, 0);
    super.update(invalidationContext);
  }

  override getVisibleLayoutInfos(rect: Rect) {
    // Same rows as asked for, all columns (x from 0 to the row's end).
    const wide = new Rect(0, rect.y, Math.max(rect.maxX, this.rowWidth), rect.height);
    return super.getVisibleLayoutInfos(wide);
  }

  protected override layoutIfNeeded(rect: Rect): void {
    const grows = this.lastCollection !== null && !this.requestedRect.containsRect(rect);
    // Growing, it lays out a screen above and two below as well: each growth walks all rows above
    // the view, so fewer and larger steps cost less while scrolling. The DOM still gets only the
    // rows of `rect` (getVisibleLayoutInfos picks them).
    const ahead = new Rect(rect.x, Math.max(0, rect.y - rect.height), rect.width, rect.height * 4);
    super.layoutIfNeeded(grows ? ahead : rect);
    if (grows) this.validRect = this.validRect.union(this.requestedRect);
  }
}
