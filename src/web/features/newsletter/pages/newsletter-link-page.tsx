/**
 * Where the newsletter's mail links land (issue 15 point 4): /newsletter/confirm?token=… confirms a
 * subscription (double opt-in), /newsletter/unsubscribe?token=… ends one. Each asks for a press
 * first, so a mail scanner that opens links changes nothing.
 */
import { NEWSLETTER_MESSAGES } from '@shared/constants';
import type { NewsletterState } from '@shared/schemas/newsletter';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, MailCheck, MailX } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageMeta } from '../../../components/layout/page-meta';
import { Button } from '../../../components/ui/button';
import { AuthShell } from '../../auth';
import { confirmNewsletter, unsubscribeFromNewsletter } from '../api/newsletter';

const TEXTS = {
  confirm: {
    title: 'Confirm your subscription',
    text: 'Press the button to start receiving the IdeaHub newsletter: the best new ideas and products, now and then.',
    action: 'Yes, subscribe me',
    pending: 'Confirming...',
    doneTitle: 'You’re subscribed',
    done: (s: NewsletterState) => `We’ll write to ${s.email} now and then. Every newsletter has a link to unsubscribe in one click.`,
  },
  unsubscribe: {
    title: 'Unsubscribe from the newsletter',
    text: 'Press the button and we stop writing to you and remove your address from our list.',
    action: 'Unsubscribe',
    pending: 'Unsubscribing...',
    doneTitle: 'You’re unsubscribed',
    done: (s: NewsletterState) => (s.email ? `${s.email} is no longer on our list.` : 'This address is no longer on our list.'),
  },
} as const;

export default function NewsletterLinkPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const which = pathname.startsWith('/newsletter/unsubscribe') ? 'unsubscribe' : 'confirm';
  const t = TEXTS[which];
  const act = useMutation({ mutationFn: () => (which === 'confirm' ? confirmNewsletter(token) : unsubscribeFromNewsletter(token)) });
  const Icon = which === 'confirm' ? MailCheck : MailX;

  let body;
  if (!token || act.isError) {
    body = (
      <>
        <CircleAlert className="text-destructive mx-auto size-10" aria-hidden />
        <h1 className="text-xl font-semibold">{t.title}</h1>
        <p role="alert" className="text-muted-foreground text-sm">
          {act.error?.message ?? NEWSLETTER_MESSAGES.linkInvalid}
        </p>
      </>
    );
  } else if (act.isSuccess) {
    body = (
      <>
        <CircleCheck className="text-primary mx-auto size-10" aria-hidden />
        <h1 className="text-xl font-semibold">{t.doneTitle}</h1>
        <p role="status" className="text-muted-foreground text-sm">
          {t.done(act.data)}
        </p>
      </>
    );
  } else {
    body = (
      <>
        <Icon className="text-primary mx-auto size-10" aria-hidden />
        <h1 className="text-xl font-semibold">{t.title}</h1>
        <p className="text-muted-foreground text-sm">{t.text}</p>
        <Button onClick={() => act.mutate()} disabled={act.isPending} variant={which === 'unsubscribe' ? 'outline' : 'default'}>
          {act.isPending ? t.pending : t.action}
        </Button>
      </>
    );
  }

  return (
    <AuthShell>
      <PageMeta title={`${t.title} | IdeaHub`} noindex />
      <div className="grid gap-4 text-center">
        {body}
        <Link to="/" className="text-primary text-sm underline underline-offset-4">
          Go to IdeaHub
        </Link>
      </div>
    </AuthShell>
  );
}
