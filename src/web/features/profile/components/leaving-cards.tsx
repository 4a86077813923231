/** The profile page's 'Your data' card (Download my data) and 'Danger zone' card (Delete account). */
import { Download, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { DELETE_CONFIRMATION } from '@shared/schemas/leaving';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { DATA_EXPORT_PATH, useDeleteAccount } from '../api/leaving';

export function LeavingCards() {
  return (
    <div className="mt-6 grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Your data</h2>
          </CardTitle>
          <CardDescription>
            One JSON file with your account, profile, items, messages, likes, ratings, saved items, coupons, notifications, the reports you filed, your newsletter subscription and signed-in devices.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" asChild>
            <a href={DATA_EXPORT_PATH} download>
              <Download aria-hidden /> Download my data
            </a>
          </Button>
        </CardContent>
      </Card>
      <Card className="border-destructive/50">
        <CardHeader>
          <CardTitle>
            <h2 className="text-destructive">Danger zone</h2>
          </CardTitle>
          <CardDescription>
            Deleting your account removes your profile, items, likes, ratings, saved items, coupons, notifications, newsletter
            subscription and the emails we hold for you, for good. Your messages in other people’s discussions stay, from ‘Deleted
            user’.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DeleteAccountDialog />
        </CardContent>
      </Card>
    </div>
  );
}

function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const inputId = useId();
  const confirmed = typed === DELETE_CONFIRMATION;

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        setOpen(next);
        if (!next) {
          setTyped('');
          remove.reset();
        }
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden /> Delete account
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (confirmed) remove.mutate({ confirm: DELETE_CONFIRMATION });
          }}
          className="grid gap-4"
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Delete your account?</AlertDialogTitle>
            <AlertDialogDescription>
              This cannot be undone. Download your data first if you want to keep it. Type {DELETE_CONFIRMATION} to confirm.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Type {DELETE_CONFIRMATION} to confirm</Label>
            <Input id={inputId} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
          </div>
          {remove.isError ? (
            <p role="alert" className="text-destructive text-sm">
              {remove.error.message}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={remove.isPending}>
              Cancel
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete account'}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
