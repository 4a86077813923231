import { topicHref } from '@shared/constants';
import { creatorDisplayName } from '@shared/format';
import { Hash, UserCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { type FollowTarget, useFollowedMakers, useFollowedTopics, useSetFollow } from '../api/follow';

function Row({ target, name, href }: { target: FollowTarget; name: string; href: string }) {
  const unfollow = useSetFollow(target);
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <Link to={href} className="min-w-0 truncate font-medium underline-offset-4 hover:underline">
        {name}
      </Link>
      <Button type="button" size="sm" variant="outline" disabled={unfollow.isPending} onClick={() => unfollow.mutate(false)}>
        Unfollow<span className="sr-only"> {name}</span>
      </Button>
    </li>
  );
}

/** The profile's followed makers and topics (issue 28), latest followed first, each with Unfollow. */
export function FollowedList() {
  const makersQuery = useFollowedMakers();
  const topicsQuery = useFollowedTopics();
  const makers = makersQuery.data?.pages.flatMap((p) => p.items) ?? [];
  const topics = topicsQuery.data?.pages.flatMap((p) => p.items) ?? [];
  const pending = makersQuery.isPending || topicsQuery.isPending;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <UserCheck className="size-5" aria-hidden /> Following
          </h2>
        </CardTitle>
        <CardDescription>Makers and topics whose new items appear in your Following feed.</CardDescription>
      </CardHeader>
      <CardContent>
        {pending ? (
          <p className="text-muted-foreground text-sm">Loading…</p>
        ) : makers.length === 0 && topics.length === 0 ? (
          <p className="text-muted-foreground flex items-center gap-2 text-sm">
            <Users className="size-4" aria-hidden /> You are not following anyone yet. Press Follow on a maker’s or a topic’s page to see their new items.
          </p>
        ) : null}
        {makers.length > 0 ? (
          <section aria-labelledby="following-makers">
            <h3 id="following-makers" className="text-sm font-semibold">
              Makers
            </h3>
            <ul className="divide-y" aria-labelledby="following-makers">
              {makers.map((m) => (
                <Row key={m.id} target={{ kind: 'maker', id: m.id }} name={creatorDisplayName(m.name)} href={`/makers/${encodeURIComponent(m.id)}`} />
              ))}
            </ul>
            <LoadMoreButton query={makersQuery} className="mt-2" />
          </section>
        ) : null}
        {topics.length > 0 ? (
          <section aria-labelledby="following-topics" className={makers.length > 0 ? 'mt-4' : undefined}>
            <h3 id="following-topics" className="flex items-center gap-1 text-sm font-semibold">
              <Hash className="size-4" aria-hidden /> Topics
            </h3>
            <ul className="divide-y" aria-labelledby="following-topics">
              {topics.map((topic) => (
                <Row key={topic.id} target={{ kind: 'topic', id: topic.id }} name={topic.name} href={topicHref(topic.slug)} />
              ))}
            </ul>
            <LoadMoreButton query={topicsQuery} className="mt-2" />
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
