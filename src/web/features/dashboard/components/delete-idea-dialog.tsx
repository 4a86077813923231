import type { OwnIdea } from '@shared/schemas/ideas';
import { Loader2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { buttonVariants } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { useDeleteIdea } from '../../ideas/api/manage-idea';

export const DELETE_TEXT = {
  doneTitle: 'Deleted!',
  done: 'Your idea has been deleted successfully.',
  failedTitle: 'Delete Failed',
} as const;

/**
 * Confirms, then deletes one of the person's items. `onDeleted` runs after the server has deleted
 * it (the details page then leaves the item's address); `onClose` whenever the dialog closes.
 */
export function DeleteIdeaDialog({
  idea,
  onClose,
  onDeleted,
}: {
  idea: Pick<OwnIdea, 'id' | 'title' | 'category'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const del = useDeleteIdea();
  return (
    <AlertDialog
      open={idea !== null}
      onOpenChange={(open) => {
        if (!open && !del.isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this {idea?.category ?? 'idea'}?</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete &quot;{idea?.title}&quot;? This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={del.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={del.isPending}
            onClick={(e) => {
              // Stay open until the server answers.
              e.preventDefault();
              if (!idea) return;
              del.mutate(idea.id, {
                onSuccess: () => {
                  onDeleted?.();
                  toast({ title: DELETE_TEXT.doneTitle, description: DELETE_TEXT.done });
                  onClose();
                },
                onError: (error) => {
                  toast({ variant: 'destructive', title: DELETE_TEXT.failedTitle, description: error.message });
                },
              });
            }}
          >
            {del.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {del.isPending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
