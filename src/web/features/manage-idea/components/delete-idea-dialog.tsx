import type { OwnIdea } from '@shared/schemas/ideas';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { useDeleteIdea } from '../api/manage-idea';

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
  const confirm = () => {
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
  };
  return (
    <ConfirmDialog
      open={idea !== null}
      onClose={onClose}
      title={`Delete this ${idea?.category ?? 'idea'}?`}
      description={<>Are you sure you want to delete &quot;{idea?.title}&quot;? This action cannot be undone.</>}
      action="Delete"
      pendingAction="Deleting..."
      pending={del.isPending}
      onConfirm={confirm}
    />
  );
}
