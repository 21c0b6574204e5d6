// The signed-in frame: skip link, top bar, drawer, palette and the page in <main>.
import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { installFocusHome } from '../focus/focusHome';
import { CommandPalette, PaletteProvider, usePalette } from '../palette';
import { useWedgeListener } from '../scanner';
import { useGlobalShortcuts } from '../shortcuts/useGlobalShortcuts';
import { useAuth } from '../state/AuthProvider';
import { useUndo } from '../state/UndoProvider';
import { NavDrawer } from './NavDrawer';
import { PageLoading } from './PageLoading';
import { TopBar } from './TopBar';
import { useShellActions } from './useShellActions';

export function Shell() {
  return (
    <PaletteProvider>
      <ShellFrame />
    </PaletteProvider>
  );
}

function ShellFrame() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { logout } = useAuth();
  const palette = usePalette();
  const { undo } = useUndo();
  useShellActions();
  // One rule for every page: focus dropped on <body> by an action finds its home (focus/focusHome).
  useEffect(() => installFocusHome().stop, []);
  // Barcode scans made outside a text field go to the page's scan target (src/ui/scanner).
  useWedgeListener();
  useGlobalShortcuts({
    palette: () => {
      // The palette is a modal: it does not open over the drawer, which is one too.
      setDrawerOpen(false);
      palette.toggle();
    },
    undo,
  });

  return (
    <div className="shell">
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // Move focus without changing the URL: a hash change would count as a navigation.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <TopBar drawerOpen={drawerOpen} onOpenDrawer={() => setDrawerOpen(true)} />
      <NavDrawer isOpen={drawerOpen} onOpenChange={setDrawerOpen} onLogout={logout} />
      <main id="main" className="shell-main" tabIndex={-1}>
        {/* A page's chunk loads on its first visit; the frame around it stays. */}
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <CommandPalette />
    </div>
  );
}
