/** The share page's parts around its fields: the notices above the form, the author name alert and the buttons. */
import type { Category } from '@shared/constants';
import { ArrowRight, History, Loader2, Send, UserRoundPen } from 'lucide-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { type IdeaFormValues, PROFILE_NAME_HINT } from '../../idea-form';
import { COMPLETE_PROFILE_PATH } from '../lib/texts';
import { CategoryPicker } from './category-picker';

/** Said before the person starts, not after they press Share. */
export function ProfileNotice() {
  return (
    <div role="status" className="mt-6 grid gap-3 rounded-xl border border-amber-300/70 bg-amber-50 p-4 text-sm sm:flex sm:items-center sm:justify-between dark:border-amber-400/30 dark:bg-amber-400/10">
      <div className="flex gap-3">
        <UserRoundPen className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
        <div className="grid gap-0.5">
          <p className="font-medium">Your name and contact info are needed to share.</p>
          <p className="text-muted-foreground">Members see them with what you share. Your draft here is kept while you add them.</p>
        </div>
      </div>
      <Button asChild variant="outline" size="sm" className="ml-8 w-fit shrink-0 sm:ml-0">
        <Link to={COMPLETE_PROFILE_PATH}>
          Complete your profile <ArrowRight aria-hidden />
        </Link>
      </Button>
    </div>
  );
}

export function DraftNotice({ onDiscard, disabled }: { onDiscard: () => void; disabled: boolean }) {
  return (
    <div role="status" className="bg-muted/60 mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3 text-sm">
      <p className="flex items-center gap-2">
        <History className="text-muted-foreground size-4 shrink-0" aria-hidden />
        Your draft is back, as you left it.
      </p>
      <Button type="button" variant="ghost" size="sm" onClick={onDiscard} disabled={disabled}>
        Discard draft
      </Button>
    </div>
  );
}

interface CategoryFieldsetProps {
  form: UseFormReturn<IdeaFormValues>;
  locks: Record<Category, string | null>;
  /** Still asking the server what may be shared: placeholders instead of the cards. */
  checking: boolean;
  disabled: boolean;
}

export function CategoryFieldset({ form, locks, checking, disabled }: CategoryFieldsetProps) {
  return (
    <fieldset className="grid gap-3">
      <legend id="category-label" className="mb-3 text-sm font-medium">
        What are you sharing?<span aria-hidden className="text-destructive"> *</span>
      </legend>
      {checking ? (
        <div className="grid gap-3 sm:grid-cols-2" role="status" aria-busy="true" aria-label="Checking what you can share">
          <Skeleton className="h-[88px] rounded-xl" />
          <Skeleton className="h-[88px] rounded-xl" />
        </div>
      ) : (
        <Controller
          control={form.control}
          name="category"
          render={({ field }) => (
            <CategoryPicker value={field.value} onChange={(v) => field.onChange(v)} locks={locks} labelledBy="category-label" disabled={disabled} />
          )}
        />
      )}
    </fieldset>
  );
}

/** The profile's name cannot stand as an author name (SPEC §5): what is wrong, and the way to fix it. */
export function AuthorNameAlert({ message }: { message: string }) {
  return (
    <div role="alert" className="border-destructive/40 bg-destructive/5 grid gap-3 rounded-lg border p-4 sm:flex sm:items-center sm:justify-between">
      <div className="grid gap-1 text-sm">
        <p className="text-destructive font-medium">{message}</p>
        <p className="text-muted-foreground">{PROFILE_NAME_HINT}</p>
      </div>
      <Button asChild variant="outline" size="sm" className="w-fit">
        <Link to={COMPLETE_PROFILE_PATH}>
          <UserRoundPen aria-hidden /> Update Profile
        </Link>
      </Button>
    </div>
  );
}

/** Cancel (which lets the draft go; Back keeps it) and Share, named for what is being shared. */
export function ShareActions({ kind, pending, disabled, onCancel }: { kind: 'Idea' | 'Product'; pending: boolean; disabled: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
      <Button asChild variant="outline">
        <Link to="/dashboard" onClick={onCancel}>
          Cancel
        </Link>
      </Button>
      <Button type="submit" disabled={disabled}>
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
        {pending ? 'Sharing...' : `Share ${kind}`}
      </Button>
    </div>
  );
}
