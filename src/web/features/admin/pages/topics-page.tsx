/**
 * Topics (issue 27 point 3): the list admins keep. Add and rename in a dialog (name, address,
 * description), merge one topic into another, remove one; each asks first and is audited by the
 * server. The list is short, so it comes whole and the search filters it here.
 */
import { slugifyTopic, type Topic } from '@shared/schemas/topics';
import { Hash, MoreHorizontal, Pencil, Plus, Trash2, Merge } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useAdminTopics, useChangeTopic } from '../api/admin-api';
import { AdminList, SearchBox } from '../components/list-parts';
import { PageHeader } from '../components/page-header';

const EMPTY = 'No topics found.';
const itemsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'item' : 'items'}`;

type Editing = { kind: 'add' } | { kind: 'rename'; topic: Topic } | null;

export default function TopicsPage() {
  const topics = useAdminTopics();
  const change = useChangeTopic();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [merging, setMerging] = useState<Topic | null>(null);
  const [into, setInto] = useState('');
  const [removing, setRemoving] = useState<Topic | null>(null);

  const all = useMemo(() => topics.data?.items ?? [], [topics.data]);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? all.filter((t) => t.name.toLowerCase().includes(needle) || t.slug.includes(needle)) : all;
  }, [all, search]);
  const list = {
    data: topics.data ? { pages: [{ items: shown }] } : undefined,
    isPending: topics.isPending,
    isFetching: topics.isFetching,
    isError: topics.isError,
    error: topics.error,
    hasNextPage: false,
    isFetchingNextPage: false,
    refetch: () => void topics.refetch(),
    fetchNextPage: () => undefined,
  };

  const failed = (title: string) => (error: Error) => toast({ variant: 'destructive', title, description: error.message });
  const menu = (topic: Topic) => (
    <TopicMenu
      topic={topic}
      onRename={() => setEditing({ kind: 'rename', topic })}
      onMerge={() => {
        setInto('');
        setMerging(topic);
      }}
      onRemove={() => setRemoving(topic)}
    />
  );

  return (
    <>
      <PageHeader title="Topics" description="The topics people choose for what they share (up to 3 per item). Each has its own page." />
      <AdminList
        query={list}
        keyOf={(t) => t.id}
        empty={EMPTY}
        toolbar={
          <>
            <SearchBox value={search} onChange={setSearch} placeholder="Search topics..." label="Search topics" />
            <Button onClick={() => setEditing({ kind: 'add' })} className="sm:ml-auto">
              <Plus aria-hidden /> Add Topic
            </Button>
          </>
        }
        row={(t) => (
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1 space-y-1">
              <TopicName topic={t} />
              {t.description ? <p className="text-muted-foreground text-sm">{t.description}</p> : null}
              <p className="text-muted-foreground text-xs">{itemsText(t.itemCount)}</p>
            </div>
            {menu(t)}
          </div>
        )}
        columns={[
          { header: 'Topic', headClassName: 'pl-4', cellClassName: 'pl-4', cell: (t) => <TopicName topic={t} /> },
          { header: 'Description', cellClassName: 'text-muted-foreground max-w-md whitespace-normal', cell: (t) => t.description || '—' },
          { header: 'Items', headClassName: 'text-right', cellClassName: 'text-right tabular-nums', cell: (t) => t.itemCount.toLocaleString('en-US') },
          { header: 'Actions', headClassName: 'pr-4 text-right', cellClassName: 'pr-4 text-right', cell: menu },
        ]}
      />

      {editing ? (
        <TopicDialog
          key={editing.kind === 'rename' ? editing.topic.id : 'add'}
          editing={editing}
          pending={change.isPending}
          onClose={() => setEditing(null)}
          onSubmit={(body, showErrors) =>
            change.mutate(editing.kind === 'add' ? { kind: 'add', body } : { kind: 'rename', id: editing.topic.id, body }, {
              onSuccess: () => {
                toast({ title: editing.kind === 'add' ? 'Topic Added' : 'Topic Saved', description: body.name });
                setEditing(null);
              },
              onError: (error) => showErrors(error),
            })
          }
        />
      ) : null}

      <ConfirmDialog
        open={merging !== null}
        onClose={() => setMerging(null)}
        title="Merge Topic"
        description={merging ? `Items about "${merging.name}" will carry the topic you choose instead, and "${merging.name}" will be removed.` : ''}
        action="Merge"
        destructive={false}
        pending={change.isPending}
        onConfirm={() => {
          if (!merging || !into) return;
          change.mutate(
            { kind: 'merge', id: merging.id, into },
            {
              onSuccess: () => toast({ title: 'Topics Merged', description: `"${merging.name}" was merged.` }),
              onError: failed('Merge Failed'),
              onSettled: () => setMerging(null),
            },
          );
        }}
      >
        <MergeTarget topics={all} merging={merging} value={into} onChange={setInto} disabled={change.isPending} />
      </ConfirmDialog>

      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove Topic"
        description={removing ? `Are you sure you want to remove "${removing.name}"? ${itemsText(removing.itemCount)} will no longer carry it. This action cannot be undone.` : ''}
        action="Remove"
        pending={change.isPending}
        onConfirm={() => {
          if (!removing) return;
          change.mutate(
            { kind: 'remove', id: removing.id },
            {
              onSuccess: () => toast({ title: 'Topic Removed', description: removing.name }),
              onError: failed('Remove Failed'),
              onSettled: () => setRemoving(null),
            },
          );
        }}
      />
    </>
  );
}

function TopicName({ topic }: { topic: Topic }) {
  return (
    <div className="min-w-0">
      <p className="font-medium">{topic.name}</p>
      <Link to={`/topics/${topic.slug}`} className="text-muted-foreground inline-flex items-center gap-0.5 text-xs hover:underline">
        <Hash className="size-3" aria-hidden />
        {topic.slug}
      </Link>
    </div>
  );
}

function TopicMenu({ topic, onRename, onMerge, onRemove }: { topic: Topic; onRename: () => void; onMerge: () => void; onRemove: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${topic.name}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-44">
        <DropdownMenuItem onSelect={onRename}>
          <Pencil aria-hidden /> Rename
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onMerge}>
          <Merge aria-hidden /> Merge into…
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={onRemove}>
          <Trash2 aria-hidden /> Remove
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

interface TopicBody {
  name: string;
  slug: string;
  description: string;
}

/** Add or rename: name, address (made from the name until it is typed) and description; the server's messages under their fields. */
function TopicDialog({
  editing,
  pending,
  onClose,
  onSubmit,
}: {
  editing: NonNullable<Editing>;
  pending: boolean;
  onClose: () => void;
  onSubmit: (body: TopicBody, showErrors: (error: Error) => void) => void;
}) {
  const start = editing.kind === 'rename' ? editing.topic : null;
  const [name, setName] = useState(start?.name ?? '');
  const [slug, setSlug] = useState(start?.slug ?? '');
  const [slugTyped, setSlugTyped] = useState(start !== null);
  const [description, setDescription] = useState(start?.description ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const shownSlug = slugTyped ? slug : slugifyTopic(name);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    onSubmit({ name, slug: shownSlug, description }, (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else setErrors({ name: [error.message] });
    });
  };
  const errorOf = (field: string) => errors[field]?.join(' ');

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{start ? 'Rename Topic' : 'Add Topic'}</DialogTitle>
          <DialogDescription>Its page is /topics/{shownSlug || '…'}.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <Field label="Name" required error={errorOf('name')}>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} autoComplete="off" disabled={pending} />
          </Field>
          <Field label="Address" description="Lowercase letters, digits and hyphens." error={errorOf('slug')}>
            <Input
              value={shownSlug}
              onChange={(e) => {
                setSlugTyped(true);
                setSlug(e.target.value);
              }}
              maxLength={80}
              autoComplete="off"
              disabled={pending}
            />
          </Field>
          <Field label="Description" error={errorOf('description')}>
            <Textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={3} maxLength={400} disabled={pending} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {start ? 'Save' : 'Add Topic'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The merge dialog's choice of the topic that takes over: every topic but the one merged. */
function MergeTarget({ topics, merging, value, onChange, disabled }: { topics: Topic[]; merging: Topic | null; value: string; onChange: (id: string) => void; disabled: boolean }) {
  return (
    <label className="grid gap-2 text-sm font-medium">
      Merge into
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        className="border-input bg-background focus-visible:ring-ring/50 h-10 rounded-md border px-3 text-sm outline-none focus-visible:ring-[3px]"
      >
        <option value="">Choose a topic…</option>
        {topics
          .filter((t) => t.id !== merging?.id)
          .map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
      </select>
    </label>
  );
}
