/**
 * A confirmation (Radix AlertDialog): a title, what will happen, optional fields (a removal's
 * reason), Cancel and the action. While `pending` it stays open with both buttons disabled and a
 * spinner on the action; the caller closes it (onClose) once the server has answered.
 */
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog';
import { buttonVariants } from './button';

interface ConfirmDialogProps {
  open: boolean;
  /** Cancel, Escape or a click outside (not while pending). */
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** The action button's text, and what it reads while pending (default: the same). */
  action: string;
  pendingAction?: string;
  onConfirm: () => void;
  pending?: boolean;
  /** The action in the destructive style (default), or plain. */
  destructive?: boolean;
  actionClassName?: string;
  children?: ReactNode;
}

export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  action,
  pendingAction = action,
  onConfirm,
  pending = false,
  destructive = true,
  actionClassName,
  children,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={actionClassName ?? (destructive ? buttonVariants({ variant: 'destructive' }) : undefined)}
            disabled={pending}
            onClick={(e) => {
              // The caller closes it, once the server has answered.
              e.preventDefault();
              onConfirm();
            }}
          >
            {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {pending ? pendingAction : action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
