/**
 * /notifications (issue 17 point 1): one's notifications newest first, each naming who and which
 * item and leading to the place; 'Load more' for older ones. Opening the page marks them all read
 * (the header's count goes to 0 in every tab); the ones that were new stay marked for this visit.
 * 'Mark all as read' does the same for what arrives while the page is open.
 */
import { PersonAvatar } from '../../../components/people/person-avatar';
import type { Notification } from '@shared/schemas/notifications';
import { timeAgo } from '@shared/rules/time-ago';
import { AlertCircle, AtSign, Bell, CheckCheck, Heart, Loader2, Mail, MessageSquare, Receipt, Reply, ShieldAlert, ShoppingBag, Sparkles } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LocalTime } from '../../../components/ui/local-time';
import { cn } from '../../../lib/cn';
import { useSession } from '../../auth';
import { useMarkAllRead, useNotifications } from '../api/notifications';
import { useUnreadCount } from '../api/unread-count';

const ICONS: Record<Notification['kind'], ReactNode> = {
  discussion: <MessageSquare aria-hidden />,
  reply: <Reply aria-hidden />,
  mention: <AtSign aria-hidden />,
  like: <Heart aria-hidden />,
  private_message: <Mail aria-hidden />,
  removal: <ShieldAlert aria-hidden />,
  new_item: <Sparkles aria-hidden />,
  sale: <ShoppingBag aria-hidden />,
  purchase: <Receipt aria-hidden />,
};

function Strong({ children }: { children: ReactNode }) {
  return <span className="text-foreground font-semibold">{children}</span>;
}

/**
 * The sentence of a notification, as the API words it ('Ama Owusu replied to you'), the name in
 * bold; replies, mentions and private messages name the item on a line of their own when the sentence does not.
 */
function Sentence({ n }: { n: Notification }) {
  const name = n.kind === 'removal' ? null : (n.actor?.name?.trim() || 'Anonymous');
  const rest = name !== null && n.text.startsWith(name) ? n.text.slice(name.length) : null;
  return name !== null && rest !== null ? (
    <>
      <Strong>{name}</Strong>
      {rest}
    </>
  ) : (
    <>{n.text}</>
  );
}

/** The item a reply or a mention is in (their sentence is about the person, not the item). */
function ItemLine({ n }: { n: Notification }) {
  if ((n.kind !== 'reply' && n.kind !== 'mention') || !n.item) return null;
  return (
    <span className="text-muted-foreground block text-xs">
      In <span className="text-foreground font-medium">“{n.item.title}”</span>
    </span>
  );
}

function Entry({ n, fresh }: { n: Notification; fresh: boolean }) {
  const gone = n.item !== null && n.item.id === null && n.kind !== 'removal';
  const body = (
    <>
      {n.actor ? (
        // The person's face, the kind of event as a small badge on it.
        <span className="relative mt-0.5 shrink-0">
          <PersonAvatar person={n.actor} size="md" />
          <span
            className={cn(
              'ring-card absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full ring-2 [&_svg]:size-3',
              n.kind === 'like' ? 'bg-rose-600 text-white' : 'bg-primary text-primary-foreground',
            )}
          >
            {ICONS[n.kind]}
          </span>
        </span>
      ) : (
        <span
          className={cn(
            'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full [&_svg]:size-4',
            n.kind === 'removal' ? 'bg-destructive/10 text-destructive' : n.kind === 'like' ? 'bg-rose-500/10 text-rose-600 dark:text-rose-400' : 'bg-primary/10 text-primary',
          )}
        >
          {ICONS[n.kind]}
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="text-muted-foreground block text-sm leading-snug">
          {fresh ? <span className="sr-only">New: </span> : null}
          <Sentence n={n} />
          {gone ? <span className="text-muted-foreground"> (no longer available)</span> : null}
        </span>
        <ItemLine n={n} />
        {n.excerpt ? <span className="text-foreground/85 mt-1 line-clamp-2 block text-sm break-words">{n.excerpt}</span> : null}
        {n.removed ? (
          <span className="text-foreground/85 mt-1 block text-sm break-words">{n.removed.reason ? `Reason: ${n.removed.reason}` : 'No reason was given.'}</span>
        ) : null}
        <LocalTime dateTime={n.at} text={timeAgo} title={(d) => d.toLocaleString()} className="text-muted-foreground mt-1 block text-xs" />
      </span>
      {fresh ? <span className="bg-primary mt-2 size-2.5 shrink-0 rounded-full" aria-hidden /> : null}
    </>
  );
  const frame = cn('flex gap-3 px-4 py-4 sm:px-5', fresh && 'bg-primary/5');
  return (
    <li className="border-b last:border-0">
      {n.link ? (
        <Link to={n.link} className={cn(frame, 'hover:bg-accent/60 focus-visible:ring-ring transition-colors focus-visible:ring-2 focus-visible:outline-none focus-visible:ring-inset')}>
          {body}
        </Link>
      ) : (
        <div className={frame}>{body}</div>
      )}
    </li>
  );
}

export default function NotificationsPage() {
  const session = useSession();
  const list = useNotifications();
  const unread = useUnreadCount(session.status === 'signed-in').data?.unread ?? 0;
  const markAllRead = useMarkAllRead();
  // What was new when it arrived stays marked for this visit, once the server has it as read.
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const openedRead = useRef(false);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);

  useEffect(() => {
    const newOnes = items.filter((n) => !n.read).map((n) => n.id);
    if (newOnes.some((id) => !fresh.has(id))) setFresh((old) => new Set([...old, ...newOnes]));
  }, [items, fresh]);

  // Opening the page reads them: once the first page is here.
  useEffect(() => {
    if (openedRead.current || !list.isSuccess) return;
    openedRead.current = true;
    markAllRead.mutate();
  }, [list.isSuccess, markAllRead]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Notifications</h1>
          <p className="text-muted-foreground mt-1 text-sm">Likes, messages and replies about you and your items.</p>
        </div>
        <Button
          variant="outline"
          onClick={() => markAllRead.mutate(undefined, { onSuccess: () => void list.refetch() })}
          disabled={markAllRead.isPending || unread === 0}
        >
          <CheckCheck aria-hidden /> Mark all as read
        </Button>
      </div>

      {list.isPending ? (
        <p className="text-muted-foreground flex items-center justify-center gap-2 py-16 text-sm" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading notifications...
        </p>
      ) : list.isError && items.length === 0 ? (
        <div role="alert" className="bg-card flex flex-col items-center gap-3 rounded-xl border px-6 py-14 text-center">
          <AlertCircle className="text-destructive size-8" aria-hidden />
          <p className="font-semibold">Could not load your notifications</p>
          <p className="text-muted-foreground text-sm">{list.error.message}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="bg-card flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
          <div className="bg-primary/10 text-primary mb-4 rounded-full p-4">
            <Bell className="size-8" aria-hidden />
          </div>
          <h2 className="text-lg font-semibold">No notifications yet</h2>
          <p className="text-muted-foreground mt-1 max-w-sm text-sm">
            When someone likes your items, posts in their discussions or replies to you, you will see it here.
          </p>
          <Button asChild variant="outline" className="mt-6">
            <Link to="/">Browse ideas</Link>
          </Button>
        </div>
      ) : (
        <>
          <ul aria-label="Notifications" className="bg-card overflow-hidden rounded-xl border shadow-sm">
            {items.map((n) => (
              <Entry key={n.id} n={n} fresh={fresh.has(n.id)} />
            ))}
          </ul>
          <LoadMoreButton query={list} className="mt-6" />
        </>
      )}
    </div>
  );
}
