// The temporary navigation drawer (docs/dev/product-rules.md#screens, width 256): a modal dialog sliding in from the left.
// React Aria traps focus inside, Esc or a click outside closes it, and focus returns to the menu
// button. Every page is a real link; Logout sits at the bottom and is a button, because it is an
// action (it ends the session) rather than a place to go.
import { DRAWER_WIDTH } from '../../domain/constants';
import { Button, Dialog, Icon, Link, Modal } from '../kit';
import { useLocation } from 'react-router';
import { useAuth } from '../state/AuthProvider';
import { APP_TITLE_PARTS, HELP_ENTRY, isCurrentPath, navEntriesFor, type NavEntry } from './navigation';

export interface NavDrawerProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onLogout: () => void;
}

export function NavDrawer({ isOpen, onOpenChange, onLogout }: NavDrawerProps) {
  const { pathname } = useLocation();
  const { isAdmin } = useAuth();
  const close = () => onOpenChange(false);

  const entry = (item: NavEntry) => (
    <li key={item.path}>
      <Link
        href={item.path}
        variant="nav"
        lang={item.lang}
        aria-current={isCurrentPath(item.path, pathname) ? 'page' : undefined}
        onPress={close}
      >
        <Icon name={item.icon} />
        <span>{item.label}</span>
      </Link>
    </li>
  );

  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} placement="drawer-start">
      <Dialog aria-label="Navigation" className="drawer" style={{ width: DRAWER_WIDTH }}>
        <div className="drawer-header">
          {/* The title on two lines; read as one, with its dash. */}
          <span className="drawer-title" lang="de">
            <span className="drawer-title-main">
              {APP_TITLE_PARTS[0]}
              <span className="sr-only"> – </span>
            </span>
            <span className="drawer-title-sub">{APP_TITLE_PARTS[1]}</span>
          </span>
          <Button variant="quiet" iconOnly aria-label="Close navigation" onPress={close}>
            <Icon name="close" />
          </Button>
        </div>
        <nav aria-label="Pages" className="drawer-nav">
          <ul>{navEntriesFor(isAdmin).map(entry)}</ul>
          <ul className="drawer-secondary">{entry(HELP_ENTRY)}</ul>
        </nav>
        <div className="drawer-footer">
          <Button
            variant="quiet"
            className="kit-button drawer-logout"
            onPress={() => {
              close();
              onLogout();
            }}
          >
            <Icon name="logout" />
            <span>Logout</span>
          </Button>
        </div>
      </Dialog>
    </Modal>
  );
}
