// The Boxes page's commands in the palette (Ctrl/⌘+K): go to a box of the table by typing its id,
// create a box or a position, Reorganize, Update, Clear and Reload, and the positions' CSV/PDF.
// Only what the page would allow now is listed (a disabled button has no command), except the
// exports: before a box is shown they are listed and ask for a box.
import { BOXES_PAGE } from './page';
import type { Box } from '../../../domain/entities/box';
import { usePaletteActions, type PaletteAction } from '../../palette';

export interface BoxesCommands {
  boxes: readonly Box[];
  /** The shown box; null before one is shown. */
  selected: string | null;
  isAdmin: boolean;
  canCreatePosition: boolean;
  canReorganize: boolean;
  canUpdate: boolean;
  canClearReload: boolean;
  show: (bId: string) => void;
  createBox: () => void;
  createPosition: () => void;
  reorganize: () => void;
  /** Asks first (a write). */
  update: () => void;
  clearReload: () => void;
  exportPositions: (type: 'csv' | 'pdf') => void;
}

const GROUP = 'Boxes';

export function useBoxesPalette(c: BoxesCommands): void {
  const actions: PaletteAction[] = c.boxes.map((b) => ({
    id: `show-${b.bId}`,
    label: `Show Box ${b.bId}`,
    group: GROUP,
    keywords: [b.bId, b.name, 'Kiste', 'positions'],
    icon: BOXES_PAGE.icon,
    perform: () => c.show(b.bId),
  }));
  if (c.isAdmin)
    actions.push({
      id: 'create-box',
      label: 'Create new Box',
      group: GROUP,
      icon: BOXES_PAGE.icon,
      perform: c.createBox,
    });
  if (c.isAdmin && c.canCreatePosition)
    actions.push({
      id: 'create-position',
      label: 'Create new Box Position',
      group: GROUP,
      perform: c.createPosition,
    });
  if (c.isAdmin && c.canReorganize)
    actions.push({
      id: 'reorganize',
      label: 'Reorganize Box Positions',
      group: GROUP,
      keywords: ['renumber'],
      perform: c.reorganize,
    });
  if (c.canClearReload)
    actions.push({
      id: 'clear-reload',
      label: 'Clear and Reload',
      group: GROUP,
      keywords: ['discard', 'undo'],
      perform: c.clearReload,
    });
  if (c.isAdmin && c.canUpdate)
    actions.push({
      id: 'update',
      label: 'Update Box Positions',
      group: GROUP,
      keywords: ['save'],
      effect: 'write',
      perform: c.update,
    });
  // Listed before a box is shown too ('export' finds it at once): then it says to choose a box.
  const of = c.selected ? ` of ${c.selected}` : '';
  for (const type of ['csv', 'pdf'] as const)
    actions.push({
      id: type,
      label: `Export Box Positions${of} as ${type.toUpperCase()}`,
      group: GROUP,
      keywords: ['download'],
      perform: () => c.exportPositions(type),
    });
  usePaletteActions(actions);
}
