import { DISCUSSION_MESSAGE_MAX_LENGTH } from '@shared/constants';
import { checkMessageContent, MESSAGE_DELETED, MESSAGE_EDITED, messageLength } from '@shared/rules/discussion-message';
import { itemReturnPath } from '@shared/rules/after-sign-in';
import { signInPath } from '@shared/rules/return-path';
import type { DiscussionMessage, Mention } from '@shared/schemas/discussion';
import { creatorDisplayName } from '@shared/format';
import type { IdeaDetail } from '@shared/schemas/ideas';
import { formatDateTime } from '@shared/rules/date-format';
import { timeAgo } from '@shared/rules/time-ago';
import { Loader2, MessageCircle, Pencil, Reply, SendHorizontal, Trash2 } from 'lucide-react';
import { type FormEvent, type Ref, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PersonAvatar } from '../../../components/people/person-avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LocalTime } from '../../../components/ui/local-time';
import { cn } from '../../../lib/cn';
import { messageNamedByAddress, showNamedMessage } from '../../../lib/message-anchor';
import { messageAnchor } from '@shared/rules/notifications';
import { TookOver } from '../../../app/took-over';
import { ReportButton } from '../../reports';
import type { SessionState } from '../../auth';
import { RemovalReasonField } from '../../notifications';
import { flattenMessages, type MessageDraft, useEditMessage, useMessages, usePostMessage, useRemoveMessage } from '../api/discussion';
import { useDiscussionStream } from '../hooks/use-discussion-stream';
import { LockedOverlay } from './locked-overlay';
import { mentionedIds, MessageBox } from './message-box';

export const DISCUSSION_TEXTS = {
  loading: 'Loading messages…',
  empty: 'Be the first to start the conversation.',
  signIn: 'Sign in to join the discussion.',
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with each mention ('@Name') drawn as a link to that person's maker page. */
function MessageText({ message }: { message: DiscussionMessage }) {
  const byName = new Map(message.mentions.map((m) => [m.name, m.id]));
  if (byName.size === 0) return <>{message.content}</>;
  // Longest names first, so '@Ama Owusu' wins over '@Ama'.
  const names = [...byName.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const parts = message.content.split(new RegExp(`@(${names.join('|')})`, 'g'));
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} to={`/makers/${encodeURIComponent(byName.get(part)!)}`} className="text-primary font-medium hover:underline">
            @{part}
          </Link>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** A box with its text and the people chosen in it, for a new message, a reply or an edit. */
function useDraft(initial = '', initialMentions: Mention[] = []) {
  const [text, setText] = useState(initial);
  const [chosen, setChosen] = useState<Mention[]>(initialMentions);
  const checked = checkMessageContent(text);
  const length = messageLength(text.trim());
  return {
    text,
    setText,
    chosen,
    choose: (person: Mention) => setChosen((list) => (list.some((m) => m.id === person.id) ? list : [...list, person])),
    checked,
    length,
    tooLong: length > DISCUSSION_MESSAGE_MAX_LENGTH,
    draft: (): MessageDraft | null => (checked.ok ? { content: checked.content, mentions: mentionedIds(checked.content, chosen) } : null),
    reset: () => {
      setText('');
      setChosen([]);
    },
  };
}

function LengthHint({ id, length, tooLong, shortcut }: { id: string; length: number; tooLong: boolean; shortcut?: boolean }) {
  return (
    <p id={id} className={cn('text-xs tabular-nums', tooLong ? 'text-destructive' : 'text-muted-foreground')}>
      {tooLong ? `Message must be at most ${DISCUSSION_MESSAGE_MAX_LENGTH} characters.` : `${length}/${DISCUSSION_MESSAGE_MAX_LENGTH}`}
      {shortcut ? <span className="hidden sm:inline"> · Ctrl+Enter to send</span> : null}
    </p>
  );
}

/** 'Edit' turns the message into this box: 'Save' and 'Cancel'. */
function EditBox({ ideaId, message, onDone }: { ideaId: string; message: DiscussionMessage; onDone: () => void }) {
  const box = useDraft(message.content, message.mentions);
  const editMessage = useEditMessage(ideaId);
  const hintId = `edit-${message.id}-hint`;
  const save = (event?: FormEvent) => {
    event?.preventDefault();
    const draft = box.draft();
    if (!draft || editMessage.isPending) return;
    editMessage.mutate({ messageId: message.id, draft }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={save} className="mt-1 flex flex-col gap-2">
      <MessageBox
        ideaId={ideaId}
        id={`edit-${message.id}`}
        label="Edit your message"
        text={box.text}
        onText={box.setText}
        onMention={box.choose}
        onSubmit={save}
        className="max-h-60 min-h-[72px] resize-y"
        invalid={box.tooLong}
        describedBy={hintId}
        autoFocus
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <LengthHint id={hintId} length={box.length} tooLong={box.tooLong} />
        <div className="flex gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={!box.checked.ok || editMessage.isPending}>
            {editMessage.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Save
          </Button>
        </div>
      </div>
    </form>
  );
}

interface MessageActions {
  ideaId: string;
  userId: string | undefined;
  canRemove: boolean;
  canReport: boolean;
  canWrite: boolean;
  onRemove: (m: DiscussionMessage) => void;
  onDelete: (m: DiscussionMessage) => void;
  onReply: (m: DiscussionMessage) => void;
}

function MessageItem({ message, reply, actions }: { message: DiscussionMessage; reply?: boolean; actions: MessageActions }) {
  const [editing, setEditing] = useState(false);
  if (message.deleted) {
    return (
      <li id={messageAnchor(message.id)} className={cn(reply && 'py-2', NAMED)} data-message-id={message.id}>
        <p className="text-muted-foreground text-sm italic">{MESSAGE_DELETED}</p>
      </li>
    );
  }
  const name = creatorDisplayName(message.author.name);
  const own = actions.userId !== undefined && message.author.id === actions.userId;
  return (
    <li id={messageAnchor(message.id)} className={cn('group flex gap-3', reply && 'py-2', NAMED)} data-message-id={message.id}>
      <PersonAvatar person={message.author} size="sm" className={cn('mt-0.5', reply && 'size-7')} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-semibold">{name}</span>
          {own ? <span className="text-muted-foreground text-xs">(you)</span> : null}
          <LocalTime
            dateTime={message.createdAt}
            text={timeAgo}
            title={formatDateTime}
            className="text-muted-foreground text-xs"
          />
          {message.editedAt ? <span className="text-muted-foreground text-xs">{MESSAGE_EDITED}</span> : null}
        </div>
        {editing ? (
          <EditBox ideaId={actions.ideaId} message={message} onDone={() => setEditing(false)} />
        ) : (
          <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-wrap">
            <MessageText message={message} />
          </p>
        )}
        {!editing && (actions.canWrite || own) ? (
          <div className="-ml-2 mt-0.5 flex flex-wrap gap-1">
            {actions.canWrite ? (
              <Button variant="ghost" size="sm" className="text-muted-foreground h-7 px-2 text-xs" onClick={() => actions.onReply(message)}>
                <Reply aria-hidden /> Reply
              </Button>
            ) : null}
            {own && actions.canWrite ? (
              <Button variant="ghost" size="sm" className="text-muted-foreground h-7 px-2 text-xs" onClick={() => setEditing(true)}>
                <Pencil aria-hidden /> Edit
              </Button>
            ) : null}
            {own ? (
              <Button variant="ghost" size="sm" className="text-muted-foreground hover:text-destructive h-7 px-2 text-xs" onClick={() => actions.onDelete(message)}>
                <Trash2 aria-hidden /> Delete
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {actions.canReport && !own ? (
        <ReportButton
          target={{ targetType: 'message', targetId: String(message.id) }}
          subject="message"
          label={`Report message from ${name}`}
          className="h-8 shrink-0 px-2"
        />
      ) : null}
      {/* Moderators and admins remove any message (with a reason), their own included, as before. */}
      {actions.canRemove ? (
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-muted-foreground hover:text-destructive shrink-0 opacity-70 group-hover:opacity-100 focus-visible:opacity-100"
          aria-label={`Remove message from ${name}`}
          onClick={() => actions.onRemove(message)}
        >
          <Trash2 />
        </Button>
      ) : null}
    </li>
  );
}

/** Top-level messages in order, each with its replies (one level). A reply whose message is not loaded stands on its own. */
function threadsOf(items: DiscussionMessage[]) {
  const ids = new Set(items.map((m) => m.id));
  const replies = new Map<number, DiscussionMessage[]>();
  const top: DiscussionMessage[] = [];
  for (const m of items) {
    if (m.parentId !== null && ids.has(m.parentId)) replies.set(m.parentId, [...(replies.get(m.parentId) ?? []), m]);
    else top.push(m);
  }
  return top.map((m) => ({ message: m, replies: replies.get(m.id) ?? [] }));
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

function Composer({
  ideaId,
  parent,
  onPosted,
  onCancel,
  ref,
}: {
  ideaId: string;
  /** Replying to this message (the box sits under its thread). */
  parent?: DiscussionMessage;
  onPosted: () => void;
  onCancel?: () => void;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const box = useDraft();
  const postMessage = usePostMessage(ideaId);
  const canSend = box.checked.ok && !postMessage.isPending;
  const form = useRef<HTMLFormElement>(null);
  // A reply box opens inside the scrolling list: bring all of it (its buttons too) into view.
  useEffect(() => {
    if (parent) form.current?.scrollIntoView({ block: 'nearest' });
  }, [parent]);
  const boxId = parent ? `reply-${parent.id}` : `message-${ideaId}`;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const draft = box.draft();
    if (!draft || postMessage.isPending) return;
    postMessage.mutate(parent ? { ...draft, parentId: parent.id } : draft, {
      onSuccess: () => {
        box.reset();
        onPosted();
      },
    });
  };

  return (
    <form ref={form} onSubmit={submit} className={cn('flex flex-col gap-2', parent ? 'mt-2' : 'mt-4')}>
      <MessageBox
        ref={ref}
        ideaId={ideaId}
        id={boxId}
        label={parent ? `Your reply to ${creatorDisplayName(parent.author.name)}` : 'Your message'}
        text={box.text}
        onText={box.setText}
        onMention={box.choose}
        onSubmit={submit}
        placeholder={parent ? 'Write a reply…' : 'Share your thoughts, ask a question…'}
        className={parent ? 'max-h-60 min-h-[72px] resize-y' : 'max-h-60 min-h-[96px] resize-y'}
        invalid={box.tooLong}
        describedBy={`${boxId}-hint`}
        autoFocus={parent !== undefined}
      />
      <div className="flex items-center justify-between gap-3">
        <LengthHint id={`${boxId}-hint`} length={box.length} tooLong={box.tooLong} shortcut />
        <div className="flex gap-2">
          {onCancel ? (
            <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size={parent ? 'sm' : 'default'} disabled={!canSend}>
            {postMessage.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <SendHorizontal aria-hidden />}
            Send
          </Button>
        </div>
      </div>
    </form>
  );
}

/** How a message named by the address is marked. */
const NAMED = 'scroll-mt-24 rounded-md data-[named=true]:bg-primary/10 data-[named=true]:ring-primary/40 data-[named=true]:ring-2';

/** Keeps the newest message in view while the person is at the bottom of the list (or has just posted). */
function useStickToBottom(newestId: number, count: number, loaded: boolean) {
  const listRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const firstLoad = useRef(true);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el || count === 0) return;
    // A notification's link names one message: shown instead of the newest on the first load.
    const named = firstLoad.current ? messageNamedByAddress() : null;
    if (named && el.contains(named)) {
      showNamedMessage(named);
      nearBottom.current = false;
    } else if (firstLoad.current || nearBottom.current) el.scrollTop = el.scrollHeight;
    firstLoad.current = false;
  }, [newestId, count]);

  useEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const onScroll = () => {
      nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [loaded]);

  return { listRef, toBottom: () => (nearBottom.current = true) };
}

/** The loaded messages in their threads, each thread with its reply box when one is open. */
function MessageThreads({
  ideaId,
  messages,
  items,
  actions,
  replyTo,
  onReplyDone,
  listRef,
}: {
  ideaId: string;
  messages: ReturnType<typeof useMessages>;
  items: DiscussionMessage[];
  actions: MessageActions;
  replyTo: DiscussionMessage | null;
  onReplyDone: () => void;
  listRef: Ref<HTMLDivElement>;
}) {
  // A reply box sits under the thread of the message answered (a reply to a reply answers its top-level message).
  const replyThread = replyTo ? (replyTo.parentId ?? replyTo.id) : null;
  return (
    <div ref={listRef} className="max-h-[420px] overflow-y-auto overscroll-contain pr-1" tabIndex={0} role="log" aria-live="polite" aria-label="Messages">
      {messages.hasNextPage ? (
        <div className="mb-3 flex justify-center">
          <Button variant="ghost" size="sm" disabled={messages.isFetchingNextPage} onClick={() => void messages.fetchNextPage()}>
            {messages.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Load earlier messages
          </Button>
        </div>
      ) : null}
      <ul className="divide-y">
        {threadsOf(items).map(({ message, replies }) => (
          <li key={message.id} className="py-3 first:pt-0 last:pb-0">
            <ul>
              <MessageItem message={message} actions={actions} />
            </ul>
            {replies.length > 0 || replyThread === message.id ? (
              <div className="mt-2 ml-3 border-l pl-3 sm:ml-11">
                {replies.length > 0 ? (
                  <ul className="divide-y" aria-label={`Replies to ${message.deleted ? MESSAGE_DELETED : creatorDisplayName(message.author.name)}`}>
                    {replies.map((r) => (
                      <MessageItem key={r.id} message={r} reply actions={actions} />
                    ))}
                  </ul>
                ) : null}
                {replyThread === message.id && replyTo ? (
                  <Composer key={replyTo.id} ideaId={ideaId} parent={replyTo} onPosted={onReplyDone} onCancel={onReplyDone} />
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

const DESTRUCTIVE_ACTION = 'bg-destructive text-destructive-foreground hover:bg-destructive/90';

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
  const [toDelete, setToDelete] = useState<DiscussionMessage | null>(null);
  const [replyTo, setReplyTo] = useState<DiscussionMessage | null>(null);
  const [removalReason, setRemovalReason] = useState('');
  const { listRef, toBottom } = useStickToBottom(newestId, items.length, messages.isSuccess);
  const user = session.user;
  const actions: MessageActions = {
    ideaId: idea.id,
    userId: user?.id,
    canRemove: user?.role === 'moderator' || user?.role === 'admin',
    canReport: session.status === 'signed-in',
    canWrite: entitled && session.status === 'signed-in',
    onRemove: setToRemove,
    onDelete: setToDelete,
    onReply: setReplyTo,
  };

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
      <MessageThreads ideaId={idea.id} messages={messages} items={items} actions={actions} replyTo={replyTo} onReplyDone={() => setReplyTo(null)} listRef={listRef} />
    );
  }

  return (
    <>
      <TookOver part="discussion" />
      {body}
      {session.status === 'signed-out' ? (
        <div className="bg-muted/60 mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed px-4 py-3">
          <p className="text-sm">{DISCUSSION_TEXTS.signIn}</p>
          <Button asChild size="sm" variant="outline">
            <Link to={signInPath(itemReturnPath(idea.id, 'discuss'))}>Sign In</Link>
          </Button>
        </div>
      ) : entitled && session.status === 'signed-in' ? (
        <Composer ref={composerRef} ideaId={idea.id} onPosted={toBottom} />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title="Delete your message?"
        description="It disappears for everyone, right away. This cannot be undone."
        action="Delete"
        actionClassName={DESTRUCTIVE_ACTION}
        onConfirm={() => {
          if (toDelete) remove.mutate({ messageId: toDelete.id });
          setToDelete(null);
        }}
      />
      <ConfirmDialog
        open={toRemove !== null}
        onClose={() => setToRemove(null)}
        title="Remove this message?"
        description="It disappears for everyone on this page, right away. This cannot be undone."
        action="Remove"
        actionClassName={DESTRUCTIVE_ACTION}
        onConfirm={() => {
          if (toRemove) remove.mutate({ messageId: toRemove.id, reason: removalReason });
          setToRemove(null);
          setRemovalReason('');
        }}
      >
        <RemovalReasonField value={removalReason} onChange={setRemovalReason} />
      </ConfirmDialog>
    </>
  );
}
