/**
 * /messages/{conversationId} (issue 17 point 6): a private conversation between a person and an
 * item's creator: who it is with, the item it is about (linked while it exists), the messages
 * oldest first with earlier ones on demand, a box to send, and new messages live on both sides.
 * What is shown is marked read. Someone who is not one of the two people gets the server's 404,
 * shown as 'Conversation not found'.
 */
import { PersonAvatar } from '../../../components/people/person-avatar';
import { creatorDisplayName } from '@shared/format';
import { DISCUSSION_MESSAGE_MAX_LENGTH } from '@shared/constants';
import { checkMessageContent, messageLength } from '@shared/rules/discussion-message';
import { CONVERSATION_TEXTS } from '@shared/rules/conversations';
import type { Conversation, PrivateMessage } from '@shared/schemas/conversations';
import { formatDateTime } from '@shared/rules/date-format';
import { timeAgo } from '@shared/rules/time-ago';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, ArrowLeft, Loader2, SendHorizontal } from 'lucide-react';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LocalTime } from '../../../components/ui/local-time';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/cn';
import { messageNamedByAddress, showNamedMessage } from '../../../lib/message-anchor';
import { messageAnchor } from '@shared/rules/notifications';
import { ApiError } from '../../../lib/api-client';
import { PageMeta } from '../../../components/layout/page-meta';
import { useSession } from '../../auth';
import { ReportButton } from '../../reports';
import { flattenPrivateMessages, markConversationRead, useConversation, usePrivateMessages, useSendPrivateMessage } from '../api/conversations';
import { useConversationStream } from '../hooks/use-conversation-stream';

const BACK = '/dashboard?tab=messages';

function MessageBubble({ message, mine }: { message: PrivateMessage; mine: boolean }) {
  const name = creatorDisplayName(message.author.name);
  return (
    <li
      id={messageAnchor(message.id)}
      className={cn(
        'flex flex-col gap-1 rounded-md data-[named=true]:bg-primary/10 data-[named=true]:ring-primary/40 data-[named=true]:ring-2',
        mine ? 'items-end' : 'items-start',
      )}
      data-message-id={message.id}
    >
      <div className="text-muted-foreground flex flex-wrap items-center gap-x-2 text-xs">
        <PersonAvatar person={message.author} size="xs" />
        <span className="text-foreground font-semibold">{mine ? 'You' : name}</span>
        <LocalTime dateTime={message.createdAt} text={timeAgo} title={formatDateTime} />
      </div>
      <div className={cn('flex max-w-[85%] items-start gap-1', mine && 'flex-row-reverse')}>
        <p
          className={cn(
            'rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap',
            mine ? 'bg-primary text-primary-foreground rounded-br-sm' : 'bg-muted text-foreground rounded-bl-sm',
          )}
        >
          {message.content}
        </p>
        {mine ? null : (
          <ReportButton
            target={{ targetType: 'private_message', targetId: String(message.id) }}
            subject="message"
            label={`Report message from ${name}`}
            className="h-8 shrink-0 px-2"
          />
        )}
      </div>
    </li>
  );
}

function Composer({ conversation, onSent }: { conversation: Conversation; onSent: () => void }) {
  const [text, setText] = useState('');
  const send = useSendPrivateMessage(conversation.id);
  const checked = checkMessageContent(text);
  const length = messageLength(text.trim());
  const tooLong = length > DISCUSSION_MESSAGE_MAX_LENGTH;
  const fieldId = `private-message-${conversation.id}`;

  if (!conversation.canSend) {
    return (
      <p className="bg-muted/60 text-muted-foreground mt-4 rounded-lg px-4 py-3 text-sm" role="note">
        {CONVERSATION_TEXTS.otherLeft}
      </p>
    );
  }

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!checked.ok || send.isPending) return;
    send.mutate(checked.content, {
      onSuccess: () => {
        setText('');
        onSent();
      },
    });
  };

  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-2">
      <label htmlFor={fieldId} className="text-sm font-medium">
        Message to {creatorDisplayName(conversation.with.name)}
      </label>
      <Textarea
        id={fieldId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) submit();
        }}
        placeholder="Write a message…"
        className="max-h-60 min-h-[88px] resize-y"
        aria-invalid={tooLong || undefined}
        aria-describedby={`${fieldId}-hint`}
      />
      <div className="flex items-center justify-between gap-3">
        <p id={`${fieldId}-hint`} className={cn('text-xs tabular-nums', tooLong ? 'text-destructive' : 'text-muted-foreground')}>
          {tooLong ? `Message must be at most ${DISCUSSION_MESSAGE_MAX_LENGTH} characters.` : `${length}/${DISCUSSION_MESSAGE_MAX_LENGTH}`}
          <span className="hidden sm:inline"> · Ctrl+Enter to send</span>
        </p>
        <Button type="submit" disabled={!checked.ok || send.isPending}>
          {send.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <SendHorizontal aria-hidden />}
          Send
        </Button>
      </div>
      {send.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {send.error.message}
        </p>
      ) : null}
    </form>
  );
}

function Messages({ conversation, myId }: { conversation: Conversation; myId: string }) {
  const client = useQueryClient();
  const query = usePrivateMessages(conversation.id, true);
  const messages = flattenPrivateMessages(query.data);
  const newest = messages.at(-1)?.id ?? 0;
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const namedShown = useRef(false);
  const readUpTo = useRef(conversation.lastReadId);

  useConversationStream(conversation.id, { enabled: query.isSuccess, lastMessageId: newest });

  // Newest at the bottom, kept in view while the reader is there.
  useLayoutEffect(() => {
    const list = listRef.current;
    // A notification's link names one message: shown once, instead of the newest.
    const named = !namedShown.current && newest > 0 ? messageNamedByAddress() : null;
    if (named && list?.contains(named)) {
      namedShown.current = true;
      stickToBottom.current = false;
      showNamedMessage(named);
    } else if (list && stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [newest]);

  // What is shown is read (the Messages tab's counts follow).
  useEffect(() => {
    if (newest > readUpTo.current) {
      readUpTo.current = newest;
      markConversationRead(client, conversation.id, newest).catch(() => {
        readUpTo.current = 0;
      });
    }
  }, [newest, client, conversation.id]);

  if (query.isPending) {
    return (
      <p className="text-muted-foreground flex items-center justify-center gap-2 py-16 text-sm" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading messages...
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-destructive py-10 text-center text-sm">
        {query.error.message}
      </p>
    );
  }
  return (
    <>
      <div
        ref={listRef}
        className="max-h-[60vh] min-h-48 overflow-y-auto rounded-xl border p-4"
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
        tabIndex={0}
        role="region"
        aria-label="Messages"
      >
        {query.hasNextPage ? (
          <div className="mb-3 flex justify-center">
            <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null} Load earlier messages
            </Button>
          </div>
        ) : null}
        {messages.length === 0 ? (
          <p className="text-muted-foreground py-10 text-center text-sm">No messages yet. Say hello!</p>
        ) : (
          <ol className="flex flex-col gap-4" aria-live="polite" aria-relevant="additions">
            {messages.map((m) => (
              <MessageBubble key={m.id} message={m} mine={m.author.id === myId} />
            ))}
          </ol>
        )}
      </div>
      <Composer conversation={conversation} onSent={() => (stickToBottom.current = true)} />
    </>
  );
}

export default function ConversationPage() {
  const { conversationId = '' } = useParams();
  const session = useSession();
  const query = useConversation(conversationId);
  const conversation = query.data;
  const myId = session.status === 'signed-in' ? session.user.id : '';
  const withName = conversation ? creatorDisplayName(conversation.with.name) : '';

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <PageMeta title={conversation ? `Conversation with ${withName} | IdeaHub` : 'Messages | IdeaHub'} />
      <Link to={BACK} className="text-muted-foreground hover:text-foreground mb-6 inline-flex items-center gap-1.5 text-sm">
        <ArrowLeft className="size-4" aria-hidden /> Back to Messages
      </Link>
      {query.isPending ? (
        <p className="text-muted-foreground flex items-center justify-center gap-2 py-16 text-sm" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading conversation...
        </p>
      ) : !conversation ? (
        <div role="alert" className="bg-card flex flex-col items-center gap-3 rounded-xl border px-6 py-14 text-center">
          <AlertCircle className="text-destructive size-8" aria-hidden />
          <h1 className="text-lg font-semibold">Conversation not found</h1>
          <p className="text-muted-foreground text-sm">
            {query.error instanceof ApiError && query.error.status === 404 ? CONVERSATION_TEXTS.notFound : query.error?.message}
          </p>
          <Button asChild variant="outline">
            <Link to={BACK}>Back to Messages</Link>
          </Button>
        </div>
      ) : (
        <>
          <div className="mb-5 flex items-start gap-3">
            <PersonAvatar person={conversation.with} size="md" />
            <div className="min-w-0">
              <h1 className="text-2xl font-bold tracking-tight break-words">Conversation with {withName}</h1>
              <p className="text-muted-foreground mt-1 text-sm break-words">
                About{' '}
                {conversation.item.id ? (
                  <Link to={`/ideas/${conversation.item.id}`} className="text-primary font-medium underline-offset-4 hover:underline">
                    {conversation.item.title}
                  </Link>
                ) : (
                  <>
                    <span className="text-foreground font-medium">{conversation.item.title}</span> ({CONVERSATION_TEXTS.itemGone.toLowerCase()})
                  </>
                )}
              </p>
            </div>
          </div>
          <Messages key={conversation.id} conversation={conversation} myId={myId} />
        </>
      )}
    </div>
  );
}
