import { DISCUSSION_MESSAGE_MAX_LENGTH } from '@shared/constants';
import { checkMessageContent, messageLength } from '@shared/rules/discussion-message';
import { signInPath } from '@shared/rules/return-path';
import type { DiscussionMessage } from '@shared/schemas/discussion';
import { creatorDisplayName } from '@shared/format';
import type { IdeaDetail } from '@shared/schemas/ideas';
import { format } from 'date-fns';
import { Loader2, MessageCircle, SendHorizontal, Trash2 } from 'lucide-react';
import { type FormEvent, type Ref, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
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
import { Avatar, AvatarFallback } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { LocalTime, sinceDate } from '../../../components/ui/local-time';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/cn';
import { ReportButton } from '../../reports/components/report-button';
import type { SessionState } from '../../auth/hooks/use-session';
import { RemovalReasonField } from '../../notifications/components/removal-reason-field';
import { flattenMessages, useMessages, usePostMessage, useRemoveMessage } from '../api/discussion';
import { useDiscussionStream } from '../hooks/use-discussion-stream';
import { LockedOverlay } from './locked-overlay';

export const DISCUSSION_TEXTS = {
  loading: 'Loading messages…',
  empty: 'Be the first to start the conversation.',
  signIn: 'Sign in to join the discussion.',
} as const;

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

function MessageItem({
  message,
  own,
  canRemove,
  canReport,
  onRemove,
}: {
  message: DiscussionMessage;
  own: boolean;
  canRemove: boolean;
  canReport: boolean;
  onRemove: (m: DiscussionMessage) => void;
}) {
  const name = creatorDisplayName(message.author.name);
  return (
    <li className="group flex gap-3 py-3 first:pt-0 last:pb-0" data-message-id={message.id}>
      <Avatar className="mt-0.5 size-8">
        <AvatarFallback className={cn('text-xs font-semibold', own ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground')}>
          {initials(name)}
        </AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-semibold">{name}</span>
          {own ? <span className="text-muted-foreground text-xs">(you)</span> : null}
          <LocalTime
            dateTime={message.createdAt}
            text={sinceDate}
            title={(date) => format(date, 'MMM d, yyyy, h:mm a')}
            className="text-muted-foreground text-xs"
          />
        </div>
        <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-wrap">{message.content}</p>
      </div>
      {canReport && !own ? (
        <ReportButton
          target={{ targetType: 'message', targetId: String(message.id) }}
          subject="message"
          label={`Report message from ${name}`}
          className="h-8 shrink-0 px-2"
        />
      ) : null}
      {canRemove ? (
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-muted-foreground hover:text-destructive shrink-0 opacity-70 group-hover:opacity-100 focus-visible:opacity-100"
          aria-label={`Remove message from ${name}`}
          onClick={() => onRemove(message)}
        >
          <Trash2 />
        </Button>
      ) : null}
    </li>
  );
}

/** '3 messages', '1 message'. */
export function messageCountText(count: number): string {
  return `${count} ${count === 1 ? 'message' : 'messages'}`;
}

/**
 * Placeholder lines shown blurred to people who may not read the discussion: as many as there are
 * messages (up to three), never any real content; none when nobody has written yet.
 */
function LockedMessages({ count }: { count: number }) {
  const shapes = ['w-11/12', 'w-3/4', 'w-5/6'].slice(0, Math.min(count, 3));
  return (
    <ul className="space-y-4 py-2" aria-hidden>
      {shapes.map((w, i) => (
        <li key={i} className="flex gap-3">
          <div className="bg-muted size-8 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2">
            <div className="bg-muted-foreground/30 h-3 w-28 rounded" />
            <div className={cn('bg-muted-foreground/20 h-3 rounded', w)} />
            <div className="bg-muted-foreground/20 h-3 w-1/2 rounded" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What the locked discussion says: its real message count (the count only), then how to read it. */
function lockedDiscussionTitle(count: number, signedIn: boolean): string {
  const sofar = count === 0 ? 'No messages yet.' : `${messageCountText(count)} so far.`;
  if (signedIn) return count === 0 ? `${sofar} Premium members can start the discussion.` : `${sofar} Premium members read and join the discussion.`;
  return `${sofar} Sign in and unlock premium to read the discussion.`;
}

function Composer({ ideaId, onPosted, ref }: { ideaId: string; onPosted: () => void; ref?: Ref<HTMLTextAreaElement> }) {
  const [text, setText] = useState('');
  const postMessage = usePostMessage(ideaId);
  const checked = checkMessageContent(text);
  const length = messageLength(text.trim());
  const tooLong = length > DISCUSSION_MESSAGE_MAX_LENGTH;
  const canSend = checked.ok && !postMessage.isPending;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!checked.ok || postMessage.isPending) return;
    postMessage.mutate(checked.content, {
      onSuccess: () => {
        setText('');
        onPosted();
      },
    });
  };

  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-2">
      <label htmlFor={`message-${ideaId}`} className="sr-only">
        Your message
      </label>
      <Textarea
        ref={ref}
        id={`message-${ideaId}`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) submit();
        }}
        placeholder="Share your thoughts, ask a question…"
        className="max-h-60 min-h-[96px] resize-y"
        aria-invalid={tooLong || undefined}
        aria-describedby={`message-${ideaId}-hint`}
      />
      <div className="flex items-center justify-between gap-3">
        <p id={`message-${ideaId}-hint`} className={cn('text-xs tabular-nums', tooLong ? 'text-destructive' : 'text-muted-foreground')}>
          {tooLong ? `Message must be at most ${DISCUSSION_MESSAGE_MAX_LENGTH} characters.` : `${length}/${DISCUSSION_MESSAGE_MAX_LENGTH}`}
          <span className="hidden sm:inline"> · Ctrl+Enter to send</span>
        </p>
        <Button type="submit" disabled={!canSend}>
          {postMessage.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <SendHorizontal aria-hidden />}
          Send
        </Button>
      </div>
    </form>
  );
}

/**
 * The Discussion section (SPEC §2, §4, §5): messages oldest first in a list at most 420 px tall,
 * live updates, the message box for people who may post, the sign-in prompt for visitors, and a
 * blurred placeholder with an unlock button for everyone who may not read it.
 */
export function DiscussionSection({
  idea,
  session,
  onUnlock,
  composerRef,
}: {
  idea: IdeaDetail;
  session: SessionState;
  onUnlock: () => void;
  composerRef?: Ref<HTMLTextAreaElement>;
}) {
  const entitled = idea.fullAccess;
  const messages = useMessages(idea.id, entitled);
  const items = flattenMessages(messages.data);
  const newestId = items.at(-1)?.id ?? 0;
  useDiscussionStream(idea.id, { enabled: entitled && messages.isSuccess, lastMessageId: newestId });
  const remove = useRemoveMessage(idea.id);
  const [toRemove, setToRemove] = useState<DiscussionMessage | null>(null);
  const [removalReason, setRemovalReason] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const firstLoad = useRef(true);
  const user = session.user;
  const canRemove = user?.role === 'moderator' || user?.role === 'admin';

  // Keep the newest message in view when the person is already at the bottom (or just posted).
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el || items.length === 0) return;
    if (firstLoad.current || nearBottom.current) el.scrollTop = el.scrollHeight;
    firstLoad.current = false;
  }, [newestId, items.length]);

  useEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const onScroll = () => {
      nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [messages.isSuccess]);

  let body;
  if (!entitled) {
    body = (
      <LockedOverlay
        title={lockedDiscussionTitle(idea.commentCount, session.status === 'signed-in')}
        buttonLabel="Unlock Discussion"
        onUnlock={onUnlock}
      >
        <LockedMessages count={idea.commentCount} />
      </LockedOverlay>
    );
  } else if (messages.isPending) {
    body = (
      <p className="text-muted-foreground flex items-center gap-2 py-6 text-sm" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden /> {DISCUSSION_TEXTS.loading}
      </p>
    );
  } else if (messages.isError) {
    body = (
      <div className="text-muted-foreground flex flex-wrap items-center gap-3 py-6 text-sm" role="alert">
        Could not load the messages.
        <Button variant="outline" size="sm" onClick={() => void messages.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 py-8 text-center">
        <MessageCircle className="text-muted-foreground/60 size-8" aria-hidden />
        <p className="text-muted-foreground text-sm">{DISCUSSION_TEXTS.empty}</p>
      </div>
    );
  } else {
    body = (
      <div
        ref={listRef}
        className="max-h-[420px] overflow-y-auto overscroll-contain pr-1"
        tabIndex={0}
        role="log"
        aria-live="polite"
        aria-label="Messages"
      >
        {messages.hasNextPage ? (
          <div className="mb-3 flex justify-center">
            <Button variant="ghost" size="sm" disabled={messages.isFetchingNextPage} onClick={() => void messages.fetchNextPage()}>
              {messages.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null}
              Load earlier messages
            </Button>
          </div>
        ) : null}
        <ul className="divide-y">
          {items.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              own={m.author.id === user?.id}
              canRemove={canRemove}
              canReport={session.status === 'signed-in'}
              onRemove={setToRemove}
            />
          ))}
        </ul>
      </div>
    );
  }

  return (
    <>
      {body}
      {session.status === 'signed-out' ? (
        <div className="bg-muted/60 mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed px-4 py-3">
          <p className="text-sm">{DISCUSSION_TEXTS.signIn}</p>
          <Button asChild size="sm" variant="outline">
            <Link to={signInPath(`/ideas/${idea.id}`)}>Sign In</Link>
          </Button>
        </div>
      ) : entitled && session.status === 'signed-in' ? (
        <Composer ref={composerRef} ideaId={idea.id} onPosted={() => (nearBottom.current = true)} />
      ) : null}
      <AlertDialog open={toRemove !== null} onOpenChange={(open) => !open && setToRemove(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Remove this message?</AlertDialogTitle>
            <AlertDialogDescription>It disappears for everyone on this page, right away. This cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <RemovalReasonField value={removalReason} onChange={setRemovalReason} />
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              onClick={() => {
                if (toRemove) remove.mutate({ messageId: toRemove.id, reason: removalReason });
                setToRemove(null);
                setRemovalReason('');
              }}
            >
              Remove
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
