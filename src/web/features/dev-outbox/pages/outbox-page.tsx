import { useQuery } from '@tanstack/react-query';
import { Inbox, RefreshCw } from 'lucide-react';
import type { OutboxMail } from '@shared/schemas/auth';
import { timeAgo } from '@shared/rules/time-ago';
import { FullScreenLoading } from '../../../components/layout/full-screen-loading';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { api, ApiError } from '../../../lib/api-client';

async function fetchOutbox(): Promise<OutboxMail[] | null> {
  try {
    return (await api<{ mails: OutboxMail[] }>('/api/dev/outbox')).mails;
  } catch (error) {
    // The endpoint exists only in development without SMTP_URL.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

function MailCard({ mail }: { mail: OutboxMail }) {
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle>
          <h2 className="text-base">{mail.subject}</h2>
        </CardTitle>
        <CardDescription>
          To {mail.to} · <time dateTime={mail.sentAt}>{timeAgo(mail.sentAt)}</time>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 px-4">
        {mail.link && (
          <a href={mail.link} className="text-primary text-sm font-medium break-all underline underline-offset-4">
            {mail.link}
          </a>
        )}
        <details>
          <summary className="text-muted-foreground cursor-pointer text-sm">Show the whole mail</summary>
          <pre className="bg-muted mt-2 overflow-x-auto rounded-md p-3 text-xs whitespace-pre-wrap">{mail.text}</pre>
        </details>
      </CardContent>
    </Card>
  );
}

/** /dev/outbox: the mails IdeaHub would have sent, in development without a mail server. */
export default function OutboxPage() {
  const outbox = useQuery({ queryKey: ['dev-outbox'], queryFn: fetchOutbox, refetchInterval: 3000, refetchOnWindowFocus: true });

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
            <Inbox className="size-6" aria-hidden /> Development outbox
          </h1>
          <p className="text-muted-foreground mt-2 text-sm">
            This server has no mail server configured (<code>SMTP_URL</code> is not set), so the emails it would send, such as
            confirmation and password reset links, are kept here instead: the last 50, newest first, until the server restarts.
            They are also written to the server log. Open this page at <code>/dev/outbox</code> (or read{' '}
            <code>/api/dev/outbox</code>); it exists only in development.
          </p>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
          <RefreshCw aria-hidden /> Refresh
        </Button>
      </div>
      {outbox.isPending ? (
        <FullScreenLoading />
      ) : outbox.isError ? (
        <p role="alert" className="text-destructive">
          {outbox.error.message}
        </p>
      ) : outbox.data === null ? (
        <p className="bg-muted rounded-md p-4 text-sm">
          The development outbox is off: this server sends real email (<code>SMTP_URL</code> is set) or runs in production.
        </p>
      ) : outbox.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No emails yet. Sign up or ask for a password reset, and the email appears here.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Emails">
          {outbox.data.map((mail) => (
            <li key={mail.id}>
              <MailCard mail={mail} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
