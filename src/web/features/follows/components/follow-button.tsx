import { FOLLOW_INTENT_PARAM, FOLLOW_SIGN_IN_REQUIRED, FOLLOW_TOPIC_SIGN_IN_REQUIRED } from '@shared/constants';
import { Check, UserPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SignInOrJoin } from '../../../components/ui/sign-in-or-join';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { cn } from '../../../lib/cn';
import { useSession } from '../../auth';
import { type FollowTarget, useFollowState, useSetFollow } from '../api/follow';

/** The `?follow=` value that finishes a visitor's Follow after sign-in: a maker's id, or 'topic:' and a topic's id. */
export const followIntentOf = (target: FollowTarget) => (target.kind === 'maker' ? target.id : `topic:${target.id}`);

/**
 * 'Follow' / 'Following' (issue 28) on maker pages, the details page's Creator section and topic
 * pages. Nobody is offered to follow themselves. A visitor's press opens a small panel with Sign In
 * and Join, which come back to this page with `?follow=<maker>` (or `topic:<id>`): the button then
 * follows at once and drops the parameter from the address, so the follow is done when they return.
 */
export function FollowButton({ target, name, className }: { target: FollowTarget; name: string; className?: string }) {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const own = signedIn && target.kind === 'maker' && session.user.id === target.id;
  const state = useFollowState(target, signedIn && !own);
  const setFollow = useSetFollow(target);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const intent = params.get(FOLLOW_INTENT_PARAM) === followIntentOf(target);
  const done = useRef(false);

  useEffect(() => {
    if (!intent || !signedIn || done.current) return;
    done.current = true;
    if (!own) setFollow.mutate(true);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(FOLLOW_INTENT_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [intent, signedIn, own, setFollow, setParams]);

  if (own || session.status === 'loading') return null;
  if (!signedIn) {
    const back = new URLSearchParams(location.search);
    back.set(FOLLOW_INTENT_PARAM, followIntentOf(target));
    const here = `${location.pathname}?${back.toString()}`;
    return (
      <Popover>
        <PopoverTrigger asChild>
          <Button variant="default" size="sm" className={className}>
            <UserPlus aria-hidden /> Follow
          </Button>
        </PopoverTrigger>
        <PopoverContent align="start" aria-labelledby="follow-sign-in-title">
          <p id="follow-sign-in-title" className="text-sm font-semibold">
            {target.kind === 'maker' ? FOLLOW_SIGN_IN_REQUIRED : FOLLOW_TOPIC_SIGN_IN_REQUIRED}
          </p>
          <p className="text-muted-foreground mt-1 text-sm">Sign in or create a free account to follow {name}. You’ll come right back here, following.</p>
          <SignInOrJoin here={here} />
        </PopoverContent>
      </Popover>
    );
  }
  const following = state.data?.following ?? false;
  return (
    <Button
      size="sm"
      variant={following ? 'outline' : 'default'}
      aria-pressed={following}
      disabled={state.isPending || setFollow.isPending}
      onClick={() => setFollow.mutate(!following)}
      className={cn(className)}
    >
      {following ? <Check aria-hidden /> : <UserPlus aria-hidden />}
      {following ? 'Following' : 'Follow'}
      <span className="sr-only"> {name}</span>
    </Button>
  );
}
