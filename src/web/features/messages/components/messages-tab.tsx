/**
 * The Dashboard's 'Messages' tab (issue 17 point 6): one's private conversations, latest activity
 * first: the other person, the item, the last message and how many are unread; 'No conversations
 * yet' when there are none. Each leads to /messages/{id}.
 */
import { PersonAvatar } from '../../../components/people/person-avatar';
import { creatorDisplayName } from '@shared/format';
import { CONVERSATION_TEXTS } from '@shared/rules/conversations';
import type { ConversationSummary } from '@shared/schemas/conversations';
import { timeAgo } from '@shared/rules/time-ago';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { LocalTime } from '../../../components/ui/local-time';
import { cn } from '../../../lib/cn';
import { EmptyPanel } from '../../../components/ui/empty-panel';
import { PagedList } from '../../../components/ui/paged-list';
import { useConversations } from '../api/conversations';

function Row({ c }: { c: ConversationSummary }) {
  const name = creatorDisplayName(c.with.name);
  const unread = c.unread > 0;
  return (
    <li className="border-b last:border-0">
      <Link
        to={`/messages/${encodeURIComponent(c.id)}`}
        className={cn(
          'hover:bg-accent/60 focus-visible:ring-ring flex gap-3 px-4 py-4 transition-colors focus-visible:ring-2 focus-visible:outline-none focus-visible:ring-inset sm:px-5',
          unread && 'bg-primary/5',
        )}
      >
        <PersonAvatar person={c.with} size="md" className="mt-0.5" />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className={cn('truncate', unread ? 'font-bold' : 'font-semibold')}>{name}</span>
            <LocalTime dateTime={c.activityAt} text={timeAgo} title={(d) => d.toLocaleString()} className="text-muted-foreground shrink-0 text-xs" />
          </span>
          <span className="text-muted-foreground block truncate text-sm">
            About {c.item.title}
            {c.item.id === null ? ` (${CONVERSATION_TEXTS.itemGone.toLowerCase()})` : ''}
          </span>
          <span className={cn('mt-1 block truncate text-sm', unread ? 'text-foreground font-medium' : 'text-foreground/80')}>
            {c.lastMessage ? `${c.lastMessage.fromMe ? 'You: ' : ''}${c.lastMessage.content}` : 'No messages yet'}
          </span>
        </span>
        {unread ? (
          <span className="bg-primary text-primary-foreground mt-1 flex h-6 min-w-6 shrink-0 items-center justify-center rounded-full px-2 text-xs font-semibold tabular-nums">
            {c.unread}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}

export function MessagesTab() {
  const query = useConversations();
  return (
    <PagedList
      query={query}
      loadingText="Loading conversations..."
      errorTitle="Conversations could not be loaded"
      empty={
        <EmptyPanel
          icon={<MessagesSquare className="size-8" aria-hidden />}
          title={CONVERSATION_TEXTS.none}
          text="Press Contact on an idea or product to start a private conversation with its creator."
        />
      }
      moreClassName="mt-6"
    >
      {(items) => (
        <ul className="bg-card overflow-hidden rounded-xl border" aria-label="Conversations">
          {items.map((c) => (
            <Row key={c.id} c={c} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}

/** The tab's unread count: unread messages over all conversations (none: nothing shown). */
export function MessagesTabCount() {
  const total = useConversations().data?.pages[0]?.unreadTotal ?? 0;
  if (total === 0) return null;
  return (
    <span className="bg-primary text-primary-foreground ml-1 rounded-full px-1.5 text-[0.7rem] leading-5 font-semibold tabular-nums" data-testid="messages-unread">
      {total}
      <span className="sr-only"> unread</span>
    </span>
  );
}
