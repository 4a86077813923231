import { creatorDisplayName } from '@shared/format';
import { FOLLOWING_FEED_SIGN_IN_REQUIRED, topicHref } from '@shared/constants';
import type { IdeaListResponse } from '@shared/schemas/ideas';
import type { TopicList } from '@shared/schemas/topics';
import { signInPath } from '@shared/rules/return-path';
import { useQuery } from '@tanstack/react-query';
import { UserPlus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { api } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { FollowButton } from '../../follows';

const SUGGESTIONS = 5;

/**
 * The Following feed with nothing in it (issue 28): makers to follow, taken from the most liked
 * items of all time (their makers, each once, never the viewer), and the topics with the most
 * items, each with Follow.
 */
export function FollowingEmpty() {
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user.id : null;
  const top = useQuery({
    queryKey: ['ideas', 'list', 'maker-suggestions'],
    queryFn: () => api<IdeaListResponse>('/api/ideas?sort=top&window=all&limit=50'),
    enabled: me !== null,
  });
  // The same cache entry as the topics picker's list (topics feature's topicKeys.list()).
  const topicList = useQuery({ queryKey: ['topics', 'list'], queryFn: () => api<TopicList>('/api/topics'), staleTime: 60_000, enabled: me !== null });
  const topics = [...(topicList.data?.items ?? [])]
    .filter((t) => t.itemCount > 0)
    .sort((a, b) => b.itemCount - a.itemCount)
    .slice(0, SUGGESTIONS);
  const makers = new Map<string, string>();
  for (const item of top.data?.items ?? []) {
    if (item.creator.id !== me && makers.size < SUGGESTIONS) makers.set(item.creator.id, creatorDisplayName(item.creator.name));
  }
  return (
    <div className="bg-card flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
      <div className="bg-primary/10 text-primary mb-4 rounded-full p-4">
        <Users className="size-8" aria-hidden />
      </div>
      <h3 className="text-lg font-semibold">Nothing from the makers and topics you follow yet</h3>
      <p className="text-muted-foreground mt-1 max-w-sm">Follow makers and topics to see their new ideas and products here, newest first.</p>
      {makers.size > 0 ? (
        <div className="mt-6 w-full max-w-md text-left">
          <h4 className="text-sm font-semibold">Makers to follow</h4>
          <ul className="mt-2 divide-y rounded-lg border" aria-label="Makers to follow">
            {[...makers].map(([id, name]) => (
              <li key={id} className="flex items-center justify-between gap-3 px-4 py-3">
                <Link to={`/makers/${encodeURIComponent(id)}`} className="min-w-0 truncate font-medium underline-offset-4 hover:underline">
                  {name}
                </Link>
                <FollowButton target={{ kind: 'maker', id }} name={name} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {topics.length > 0 ? (
        <div className="mt-6 w-full max-w-md text-left">
          <h4 className="text-sm font-semibold">Topics to follow</h4>
          <ul className="mt-2 divide-y rounded-lg border" aria-label="Topics to follow">
            {topics.map((topic) => (
              <li key={topic.id} className="flex items-center justify-between gap-3 px-4 py-3">
                <Link to={topicHref(topic.slug)} className="min-w-0 truncate font-medium underline-offset-4 hover:underline">
                  {topic.name}
                </Link>
                <FollowButton target={{ kind: 'topic', id: topic.id }} name={topic.name} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** A visitor at the Following feed's address: sign in first, and come back to it. */
export function FollowingSignIn() {
  return (
    <div className="bg-card flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
      <div className="bg-primary/10 text-primary mb-4 rounded-full p-4">
        <UserPlus className="size-8" aria-hidden />
      </div>
      <h3 className="text-lg font-semibold">{FOLLOWING_FEED_SIGN_IN_REQUIRED}</h3>
      <Button asChild className="mt-6">
        <Link to={signInPath('/?feed=following')}>Sign In</Link>
      </Button>
    </div>
  );
}
