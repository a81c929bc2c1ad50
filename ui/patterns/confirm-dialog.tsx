/**
 * A confirmation for an action that cannot be undone (delete a prompt, remove a member): the question,
 * its consequence, the server's error when it fails, and Cancel / the named action. While the action
 * runs the dialog stays open and cannot be dismissed, so its outcome is always seen.
 */
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/ui/components/dialog';

/**
 * Radix returns focus to a DialogTrigger; these dialogs open from buttons elsewhere (a row's Delete), so
 * focus goes back to whatever had it when the dialog opened, if it is still on the page.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
  }, [open]);
  return (event) => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  /** The action button's text, e.g. 'Delete prompt'. */
  confirmLabel: string;
  /** Destructive by default; a constructive action (publish) asks with a primary button. */
  confirmVariant?: 'destructive' | 'primary';
  onConfirm(): void;
  pending?: boolean;
  /** More than a sentence to read, or to do (a typed confirmation), between the question and the buttons. */
  children?: ReactNode;
  /** The action is not available yet (the typed confirmation does not match). */
  confirmDisabled?: boolean;
  /** The server's message when the action failed; the dialog stays open to retry or cancel. */
  error?: { title: string; message: string } | null;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  confirmVariant = 'destructive',
  onConfirm,
  pending = false,
  error = null,
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent
        showCloseButton={false}
        data-slot="confirm-dialog"
        onCloseAutoFocus={returnFocus}
      >
        <DialogHeader className="pr-0">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {error ? <Callout variant="error" title={error.title} description={error.message} /> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant={confirmVariant}
            loading={pending}
            disabled={confirmDisabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
