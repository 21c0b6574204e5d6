// The palette's built-in actions (every navigation and action is reachable through the palette):
// go to every page the user may open, undo the last change (admins), open help, toggle the theme, log out. Pages add their own with usePaletteActions.
import { useNavigate } from 'react-router';
import { usePaletteActions, type PaletteAction } from '../palette';
import { SHORTCUTS } from '../shortcuts/list';
import { useAuth } from '../state/AuthProvider';
import { useUndo } from '../state/UndoProvider';
import { useTheme } from '../theme/ThemeProvider';
import { HELP_ENTRY, navEntriesFor } from './navigation';

export function useShellActions(): void {
  const navigate = useNavigate();
  const { logout, isAdmin } = useAuth();
  const { theme, toggleTheme } = useTheme();
  const { undo } = useUndo();

  const actions: PaletteAction[] = [
    ...navEntriesFor(isAdmin).map((entry) => ({
      id: `go:${entry.path}`,
      label: `Go to ${entry.label}`,
      group: 'Go to page',
      keywords: [entry.label, ...entry.keywords],
      icon: entry.icon,
      effect: 'navigate' as const,
      scope: 'app' as const,
      perform: () => navigate(entry.path),
    })),
    // Only admins write, so only they have a change to undo. Ctrl+Z is bound by the shell itself.
    ...(isAdmin
      ? [
          {
            id: 'undo',
            label: 'Undo last change',
            group: 'Session',
            keywords: ['undo', 'revert', 'rückgängig', 'ctrl+z'],
            shortcut: SHORTCUTS.undo.keys,
            scope: 'app' as const,
            description: 'Undoes your last change within 10 seconds of it; the snackbar says how it went',
            perform: undo,
          },
        ]
      : []),
    {
      id: 'help',
      label: 'Open help (Hilfe)',
      group: 'Help and settings',
      keywords: [...HELP_ENTRY.keywords, 'hilfe', 'keyboard', 'shortcuts'],
      icon: HELP_ENTRY.icon,
      effect: 'navigate',
      scope: 'app',
      perform: () => navigate(HELP_ENTRY.path),
    },
    {
      id: 'theme',
      label: theme === 'light' ? 'Switch to dark theme' : 'Switch to light theme',
      group: 'Help and settings',
      keywords: ['toggle theme', 'dark', 'light', 'theme', 'night', 'contrast'],
      icon: 'moon',
      scope: 'app',
      perform: toggleTheme,
    },
    {
      id: 'logout',
      label: 'Log out',
      group: 'Session',
      keywords: ['logout', 'sign out', 'abmelden'],
      icon: 'logout',
      scope: 'app',
      description: 'Signs out and goes to the login page',
      perform: logout,
    },
  ];
  usePaletteActions(actions);
}
