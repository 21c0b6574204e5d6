// The top bar (docs/dev/product-rules.md#screens), only rendered for a signed-in user: menu button for the drawer, the app
// title, the command palette, the user's role without 'ROLE_', help and logout.
import { roleLabel } from '../../domain/roles';
import { Button, Icon, Link, VisuallyHidden } from '../kit';
import { usePalette } from '../palette';
import { SHORTCUTS } from '../shortcuts/list';
import { useAuth } from '../state/AuthProvider';
import { APP_TITLE, HELP_ENTRY } from './navigation';

export interface TopBarProps {
  drawerOpen: boolean;
  onOpenDrawer: () => void;
}

export function TopBar({ drawerOpen, onOpenDrawer }: TopBarProps) {
  const { user, logout } = useAuth();
  const palette = usePalette();
  const roles = user?.roles.map(roleLabel).join(', ') ?? '';

  return (
    <header className="topbar">
      <Button
        variant="quiet"
        iconOnly
        aria-label="Open navigation"
        aria-expanded={drawerOpen}
        aria-haspopup="dialog"
        onPress={onOpenDrawer}
      >
        <Icon name="menu" size={20} />
      </Button>
      <span className="topbar-title" lang="de">
        {APP_TITLE}
      </span>
      <div className="topbar-spacer" />
      <Button
        variant="secondary"
        className="kit-button topbar-palette"
        aria-haspopup="dialog"
        aria-expanded={palette.isOpen}
        aria-keyshortcuts={SHORTCUTS.palette.ariaKeyShortcuts}
        onPress={() => palette.setOpen(true)}
      >
        <Icon name="search" />
        <span className="topbar-palette-text">Command palette</span>
        <kbd aria-hidden="true">Ctrl K</kbd>
      </Button>
      <span className="topbar-user">
        {user ? <span className="topbar-email">{user.email}</span> : null}
        <span className="role-badge">
          <VisuallyHidden>Role: </VisuallyHidden>
          {roles}
        </span>
      </span>
      <Link href={HELP_ENTRY.path} variant="button" lang="de" className="kit-link topbar-help">
        <Icon name="help" />
        <span>{HELP_ENTRY.label}</span>
      </Link>
      <Button variant="quiet" onPress={logout}>
        <Icon name="logout" />
        <span>Logout</span>
      </Button>
    </header>
  );
}
