// Modal dialogs: ModalOverlay + Modal + Dialog from React Aria give the focus trap, Esc to close,
// aria-modal, hiding the rest of the page from screen readers and restoring focus on close.
// `placement` is a data attribute: a centred dialog, the left navigation drawer, or the palette.
import type { ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  Heading,
  Modal as AriaModal,
  ModalOverlay,
  type DialogProps as AriaDialogProps,
} from 'react-aria-components';
import './fields.css';

export type ModalPlacement = 'center' | 'drawer-start' | 'palette';

export interface ModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  placement?: ModalPlacement;
  /** Clicking the backdrop closes; off for dialogs whose input must not be lost. */
  isDismissable?: boolean;
  /** 'wide': 75% of the window (the Create dialogs of docs/dev/product-rules.md#screens). */
  size?: 'wide';
  children: ReactNode;
}

export function Modal({
  isOpen,
  onOpenChange,
  placement = 'center',
  isDismissable = true,
  size,
  children,
}: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className="kit-overlay"
      data-placement={placement}
    >
      <AriaModal className="kit-modal" data-placement={placement} data-size={size}>
        {children}
      </AriaModal>
    </ModalOverlay>
  );
}

export interface DialogProps extends AriaDialogProps {
  /** Visible title; also names the dialog. Without it, pass aria-label. */
  title?: ReactNode;
}

export function Dialog({ title, children, className, ...props }: DialogProps) {
  return (
    <AriaDialog {...props} className={className ?? 'kit-dialog'}>
      {(renderProps) => (
        <>
          {title ? (
            <Heading slot="title" className="kit-dialog-title">
              {title}
            </Heading>
          ) : null}
          {typeof children === 'function' ? children(renderProps) : children}
        </>
      )}
    </AriaDialog>
  );
}
