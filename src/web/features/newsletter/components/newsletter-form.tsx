import { NEWSLETTER_MESSAGES } from '@shared/constants';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { TookOver } from '../../../app/took-over';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { subscribeToNewsletter } from '../api/newsletter';

/** A plain address check (no zod here: the footer is on every page and zod is heavy for one rule). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * 'Stay Updated' box (issue 15 point 4): the address is sent to the newsletter, which mails a link
 * to confirm it (double opt-in); the person is told to check their inbox. While the admin has
 * marketing emails off, it says plainly that the newsletter is paused.
 */
export default function NewsletterForm() {
  // A fixed id: one footer per page.
  const inputId = 'footer-newsletter-email';
  const errorId = `${inputId}-error`;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

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
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 grid gap-2" aria-labelledby="footer-newsletter-heading">
      <TookOver part="newsletter" />
      <Label htmlFor={inputId} className="sr-only">
        Email address
      </Label>
      <div className="flex gap-2">
        <Input
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
      <FieldError id={errorId}>{error}</FieldError>
    </form>
  );
}
