import { NEWSLETTER_FORM_PATH, NEWSLETTER_MESSAGES, NEWSLETTER_OUTCOME_PARAM, NEWSLETTER_OUTCOMES, type NewsletterOutcome } from '@shared/constants';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { TookOver } from '../../../app/took-over';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { takeTypedEarly } from '../../../lib/typed-early';
import { ApiError } from '../../../lib/api-client';
import { subscribeToNewsletter } from '../api/newsletter';

/** A plain address check (no zod here: the footer is on every page and zod is heavy for one rule). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** How a plain form post of this box went (`?newsletter=<outcome>`), or null. */
function postedOutcome(search: string): NewsletterOutcome | null {
  const value = new URLSearchParams(search).get(NEWSLETTER_OUTCOME_PARAM);
  return value !== null && Object.hasOwn(NEWSLETTER_OUTCOMES, value) ? (value as NewsletterOutcome) : null;
}

/**
 * 'Stay Updated' box (issue 15 point 4): the address is sent to the newsletter, which mails a link
 * to confirm it (double opt-in); the person is told to check their inbox. While the admin has
 * marketing emails off, it says plainly that the newsletter is paused. Before the page's code has
 * taken over (or without it) the box is a plain form post, which the server answers with this page
 * (issue 27 point 5); an address typed meanwhile is kept.
 */
export default function NewsletterForm() {
  // A fixed id: one footer per page.
  const inputId = 'footer-newsletter-email';
  const errorId = `${inputId}-error`;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const location = useLocation();
  const posted = postedOutcome(location.search);
  const back = new URLSearchParams(location.search);
  back.delete(NEWSLETTER_OUTCOME_PARAM);
  const backPath = `${location.pathname}${back.size > 0 ? `?${back.toString()}` : ''}`;
  // An address typed before the page's code took over is in the box (or, when React drew the box
  // again, only in lib/typed-early.ts), not yet in state: take it.
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const early = takeTypedEarly(inputId);
    const typed = input.current?.value || early || '';
    if (typed !== '') setEmail((current) => current || typed);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (value === '') {
      setError(NEWSLETTER_MESSAGES.emailRequired);
      return;
    }
    if (!EMAIL.test(value)) {
      setError(NEWSLETTER_MESSAGES.emailInvalid);
      return;
    }
    setError(null);
    setPending(true);
    try {
      await subscribeToNewsletter(value);
      setEmail('');
      toast({ title: 'Almost there!', description: `${NEWSLETTER_MESSAGES.checkInbox} It went to ${value}.` });
    } catch (failure) {
      // Said beside the box: the address, the pause, a limit or the network.
      const message = failure instanceof ApiError ? (failure.fields?.email?.[0] ?? failure.message) : (failure as Error).message;
      setError(message);
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      id="newsletter"
      noValidate
      method="post"
      action={NEWSLETTER_FORM_PATH}
      onSubmit={(e) => void onSubmit(e)}
      className="mt-4 grid gap-2"
      aria-labelledby="footer-newsletter-heading"
    >
      <TookOver part="newsletter" />
      <input type="hidden" name="back" value={backPath} />
      <Label htmlFor={inputId} className="sr-only">
        Email address
      </Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="bg-background"
        />
        <Button type="submit" disabled={pending}>
          {pending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
      <FieldError id={errorId}>{error ?? (posted && posted !== 'sent' ? NEWSLETTER_OUTCOMES[posted] : null)}</FieldError>
      {posted === 'sent' && !error ? (
        <p role="status" className="text-sm">
          {NEWSLETTER_OUTCOMES.sent}
        </p>
      ) : null}
    </form>
  );
}
