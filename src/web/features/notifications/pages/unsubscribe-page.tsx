/**
 * /unsubscribe?token=… (issue 17 point 2): the page of an email's unsubscribe link. It says which
 * emails the link turns off and offers it with a plain form (POST to the same address, the one a
 * mail client's one-click uses), so it works without JavaScript; afterwards it says they are off.
 * Drawn by the server from GET /api/unsubscribe; no sign-in needed (the link is the proof).
 */
import { UNSUBSCRIBE_LABELS } from '@shared/rules/notifications';
import { BellOff, CheckCircle2, Link2Off, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '../../../components/layout/page-meta';
import { Button } from '../../../components/ui/button';
import { useUnsubscribeState } from '../api/notifications';

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <div className="bg-card flex flex-col items-center rounded-xl border px-6 py-10 text-center shadow-sm sm:px-10">
        <div className="bg-primary/10 text-primary mb-4 rounded-full p-4 [&_svg]:size-8">{icon}</div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {children}
      </div>
    </div>
  );
}

export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const state = useUnsubscribeState(token);
  const meta = <PageMeta title="Unsubscribe | IdeaHub" noindex />;

  if (state.isPending) {
    return (
      <>
        {meta}
        <p className="text-muted-foreground flex items-center justify-center gap-2 py-24 text-sm" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading...
        </p>
      </>
    );
  }
  if (state.isError) {
    return (
      <>
        {meta}
        <Panel icon={<Link2Off aria-hidden />} title="Link not valid">
          <p className="text-muted-foreground mt-3 text-sm">{state.error.message}</p>
          <p className="text-muted-foreground mt-1 text-sm">You can choose which emails you get in your profile.</p>
          <Button asChild variant="outline" className="mt-6">
            <Link to="/profile">Notification settings</Link>
          </Button>
        </Panel>
      </>
    );
  }
  const label = UNSUBSCRIBE_LABELS[state.data.kind];
  if (!state.data.email) {
    return (
      <>
        {meta}
        <Panel icon={<CheckCircle2 aria-hidden />} title="You are unsubscribed">
          <p className="text-muted-foreground mt-3 text-sm">
            You will no longer get emails about “{label}”. You still see them in the app, and you can turn the emails back on in
            your profile.
          </p>
          <Button asChild variant="outline" className="mt-6">
            <Link to="/profile">Notification settings</Link>
          </Button>
        </Panel>
      </>
    );
  }
  return (
    <>
      {meta}
      <Panel icon={<BellOff aria-hidden />} title="Unsubscribe">
        <p className="text-muted-foreground mt-3 text-sm">Stop getting emails about “{label}”?</p>
        {/* A real form: it works before (or without) the page's JavaScript. */}
        <form method="post" action={`/unsubscribe?${new URLSearchParams({ token }).toString()}`} className="mt-6">
          <input type="hidden" name="from" value="page" />
          <Button type="submit">Unsubscribe</Button>
        </form>
        <p className="text-muted-foreground mt-4 text-xs">You will still see them in the app.</p>
      </Panel>
    </>
  );
}
