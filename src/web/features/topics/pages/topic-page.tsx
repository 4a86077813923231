/**
 * A topic's page, /topics/{slug} (issue 27 point 3): its name, description and feed, then home's
 * browser (tabs, search, sorts, filters, grid) narrowed to the topic. Its own head: title,
 * description and canonical address.
 */
import { topicHref } from '@shared/constants';
import type { Topic } from '@shared/schemas/topics';
import { ArrowLeft, Hash, Rss } from 'lucide-react';
import { Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { useSiteUrl } from '../../../app/site-url';
import { PageMeta } from '../../../components/layout/page-meta';
import { Skeleton } from '../../../components/ui/skeleton';
import { FollowButton } from '../../follows';
import { IdeasBrowser } from '../../ideas';
import { NotFoundPage } from '../../marketing';
import { useTopic } from '../api/topics';

/** The description a topic page gives search engines and link previews. */
export const topicAbout = (topic: Pick<Topic, 'name' | 'description'>) => topic.description || `Ideas and products about ${topic.name} on IdeaHub.`;

function TopicHeader({ topic }: { topic: Topic }) {
  const siteUrl = useSiteUrl();
  const page = `${siteUrl}${topicHref(topic.slug)}`;
  return (
    <section className="border-b" aria-labelledby="topic-name">
      <PageMeta title={`${topic.name} | IdeaHub`} description={topicAbout(topic).slice(0, 150)} canonical={page}>
        <meta property="og:title" content={`${topic.name} on IdeaHub`} />
        <meta property="og:url" content={page} />
      </PageMeta>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-2 sm:px-6 sm:py-4">
        <div className="min-w-0">
          <Link to="/" className="text-muted-foreground hover:text-foreground inline-flex items-center gap-1 text-sm">
            <ArrowLeft className="size-4" aria-hidden /> Back to Home
          </Link>
          <h1 id="topic-name" className="flex items-center gap-2 text-xl font-extrabold tracking-tight sm:mt-1 sm:text-3xl">
            <Hash className="text-primary size-6 shrink-0" aria-hidden />
            {topic.name}
          </h1>
          <p className="text-muted-foreground max-w-3xl text-sm text-pretty sm:mt-1 sm:text-base">{topicAbout(topic)}</p>
        </div>
        <div className="flex items-center gap-4">
          <FollowButton target={{ kind: 'topic', id: topic.id }} name={topic.name} />
          <a href={`${topicHref(topic.slug)}/feed.xml`} className="text-muted-foreground hover:text-foreground inline-flex h-11 items-center gap-1.5 text-sm font-medium">
            <Rss className="size-4" aria-hidden /> Feed
          </a>
        </div>
      </div>
    </section>
  );
}

export default function TopicPage() {
  const { slug = '' } = useParams();
  const query = useTopic(slug);
  const topic = query.data;
  if (query.isPending) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6" role="status" aria-label="Loading topic">
        <Skeleton className="h-24 w-full rounded-xl" />
      </div>
    );
  }
  if (!topic) {
    return (
      <>
        <PageMeta title="Page not found | IdeaHub" description="The page you are looking for does not exist on IdeaHub." noindex />
        <NotFoundPage />
      </>
    );
  }
  return (
    <>
      <TopicHeader topic={topic} />
      <Suspense fallback={null}>
        <div className="pt-3 sm:pt-4">
          <IdeasBrowser topic={topic.slug} />
        </div>
      </Suspense>
    </>
  );
}
