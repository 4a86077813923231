/** Managing one's own item: the Edit Idea and Delete dialogs (the dashboard, the owner's details page), each a chunk of its own. */
import { lazy } from 'react';

/** Brings zod and the item form: loaded when the dialog is first needed. */
export const EditIdeaDialog = lazy(() => import('./components/edit-idea-dialog'));
export const DeleteIdeaDialog = lazy(() => import('./components/delete-idea-dialog').then((m) => ({ default: m.DeleteIdeaDialog })));
