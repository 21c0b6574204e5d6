// Whether the command palette is open, shared by the hotkey, the top-bar button and the palette.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface PaletteState {
  isOpen: boolean;
  setOpen(isOpen: boolean): void;
  toggle(): void;
}

const PaletteContext = createContext<PaletteState | null>(null);

export function PaletteProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const toggle = useCallback(() => setOpen((open) => !open), []);
  const value = useMemo(() => ({ isOpen, setOpen, toggle }), [isOpen, toggle]);
  return <PaletteContext.Provider value={value}>{children}</PaletteContext.Provider>;
}

export function usePalette(): PaletteState {
  const value = useContext(PaletteContext);
  if (!value) throw new Error('usePalette must be used inside <PaletteProvider>');
  return value;
}
