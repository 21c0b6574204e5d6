// The command palette (Ctrl/⌘+K): every registered action, searchable. cmdk supplies the combobox
// (input with aria-controls / aria-activedescendant) and the listbox of options; the kit's Modal
// supplies the dialog semantics: a focus trap, Esc to close, the page hidden from screen readers
// and focus returned to where it was.
import { Command } from 'cmdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Dialog, Icon, Modal } from '../kit';
import { usePalette } from './PaletteProvider';
import { groupActions, paletteScore as scoreOf } from './ranking';
import { usePaletteActionList, type PaletteAction } from './registry';

export const PALETTE_LABEL = 'Command palette';
const PREVIEW_ID = 'palette-preview';

const VERB: Record<NonNullable<PaletteAction['effect']>, string> = {
  navigate: 'opens',
  read: 'runs',
  write: 'asks, then runs',
};

/** hotkeys-js 'alt+shift+r' as aria-keyshortcuts 'Alt+Shift+R'. */
const ariaKeys = (hotkey: string): string =>
  hotkey
    .split(',')
    .map((chord) => chord.split('+').map((k) => (k.length === 1 ? k.toUpperCase() : k[0]!.toUpperCase() + k.slice(1))).join('+'))
    .join(' ');

/** 'runs Report PDF (Reports): downloads the PDF of the shown report'. */
const previewOf = (action: PaletteAction): string =>
  `${VERB[action.effect ?? 'read']} ${action.label} (${action.group})${action.description ? `: ${action.description}` : ''}`;

export function CommandPalette() {
  const { isOpen, setOpen } = usePalette();
  return (
    <Modal isOpen={isOpen} onOpenChange={setOpen} placement="palette">
      <Dialog aria-label={PALETTE_LABEL} className="palette">
        {/* Mounted only while open, so every opening starts with an empty search. */}
        <PaletteBody onDone={() => setOpen(false)} />
      </Dialog>
    </Modal>
  );
}

function PaletteBody({ onDone }: { onDone: () => void }) {
  const actions = usePaletteActionList();
  const [search, setSearch] = useState('');
  const groups = useMemo(
    () => groupActions(actions, search.trim() ? (a) => scoreOf(a, search) : undefined),
    [actions, search],
  );
  // cmdk identifies an option by its label (unique across the palette).
  const byLabel = useMemo(() => new Map(actions.map((a) => [a.label, a])), [actions]);
  // The highlighted option (cmdk moves it to the top match as the search changes).
  const [highlighted, setHighlighted] = useState('');
  const next = byLabel.get(highlighted);
  const input = useRef<HTMLInputElement>(null);
  // Focus that lands on the dialog itself goes to the search. A menu open when Ctrl+K is pressed
  // ('Select Columns') closes as the palette opens and gives the focus back to its button; the
  // palette's focus trap then takes it back, to the dialog and not to the search, and what the
  // user typed went nowhere (CI65's screenshot; tests/e2e/palette.spec.ts).
  useEffect(() => {
    const dialog = input.current?.closest<HTMLElement>('[role="dialog"]');
    if (!dialog) return;
    const toSearch = (event: FocusEvent) => {
      if (event.target === dialog) input.current?.focus();
    };
    dialog.addEventListener('focusin', toSearch);
    return () => dialog.removeEventListener('focusin', toSearch);
  }, []);

  const run = (action: PaletteAction) => {
    // Close first: a navigation then moves focus to the new page's heading, and nothing is left
    // behind in a focus trap.
    onDone();
    // Run once the palette has gone: a command that opens a dialog of its own (a confirmation)
    // must not open it inside the closing palette's focus scope, which would dismiss it at once.
    setTimeout(() => action.perform(), 0);
  };

  return (
    <Command
      label={PALETTE_LABEL}
      loop
      className="palette-command"
      value={highlighted}
      onValueChange={setHighlighted}
      filter={(value, query) => {
        const action = byLabel.get(value);
        return action ? scoreOf(action, query) : 0;
      }}
    >
      <div className="palette-search">
        <Icon name="search" />
        <Command.Input
          ref={input}
          autoFocus
          value={search}
          onValueChange={setSearch}
          placeholder="Type a page or a command…"
          className="palette-input"
          aria-describedby={PREVIEW_ID}
        />
        <kbd className="palette-esc" aria-hidden="true">
          Esc
        </kbd>
      </div>
      <Command.List className="palette-list" label="Commands">
        <Command.Empty className="palette-empty">No matching command.</Command.Empty>
        {groups.map(([group, items]) => (
          <Command.Group key={group} heading={group} className="palette-group">
            {items.map((action) => (
              <Command.Item
                key={`${group}:${action.id}`}
                value={action.label}
                keywords={action.keywords ? [...action.keywords] : undefined}
                onSelect={() => run(action)}
                aria-keyshortcuts={action.hotkey ? ariaKeys(action.hotkey) : undefined}
                className="palette-item"
              >
                {action.icon ? <Icon name={action.icon} /> : <span className="kit-icon-gap" />}
                <span className="palette-item-label" lang={action.lang}>
                  {action.label}
                </span>
                {action.shortcut ? (
                  <span className="palette-item-keys" aria-hidden="true">
                    {action.shortcut.map((key) => (
                      <kbd key={key}>{key}</kbd>
                    ))}
                  </span>
                ) : null}
              </Command.Item>
            ))}
          </Command.Group>
        ))}
      </Command.List>
      {/* What Enter would do, before it is pressed (issue 27). */}
      <p id={PREVIEW_ID} className="palette-preview" aria-live="polite">
        {next ? (
          <>
            <kbd>Enter</kbd> {previewOf(next)}
          </>
        ) : null}
      </p>
    </Command>
  );
}
