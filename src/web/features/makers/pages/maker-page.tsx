/**
 * A maker's page, /makers/{userId} (issue 16): who they are (name, bio, industry, skills, country,
 * joined date), their totals and their items newest first, paged. Drawn by the server for everyone;
 * 'Load more' is a link to the next page's address, so it works before (or without) the app's code.
 * Contact info follows the details page's creator rule; nothing else personal is ever sent here.
 */
import { PersonAvatar } from '../../../components/people/person-avatar';
import { creatorDisplayName } from '@shared/format';
import type { Maker } from '@shared/schemas/makers';
import { formatMonthYear } from '@shared/rules/date-format';
import { ArrowLeft, Briefcase, CalendarDays, Heart, Layers, Loader2, MapPin, Rss, Sparkles, Users } from 'lucide-react';
import { Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSiteUrl } from '../../../app/site-url';
import { JsonLd } from '../../../components/layout/json-ld';
import { PageMeta } from '../../../components/layout/page-meta';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LocalTime } from '../../../components/ui/local-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../auth';
import { CardActionsProvider, GRID_CLASSES, IdeaCard, IdeaCardActions, IdeaCardSkeleton } from '../../ideas';
import { coverLoadAt } from '../../../components/ideas/idea-cover';
import { NotFoundPage } from '../../marketing';
import { useMaker, useMakerIdeas } from '../api/maker';
import { FollowButton, useFollowState } from '../../follows';

const SIGN_IN_FOR_CONTACT = 'Sign in to view creator contact info.';

function MakerMeta({ maker }: { maker: Maker }) {
  const siteUrl = useSiteUrl();
  const name = creatorDisplayName(maker.name);
  const page = `${siteUrl}/makers/${encodeURIComponent(maker.id)}`;
  const about = maker.bio ?? `${name} shares ideas and products on IdeaHub.`;
  return (
    <>
      <PageMeta title={`${name} | IdeaHub`} description={about.slice(0, 150)} canonical={page}>
        <link rel="alternate" type="application/atom+xml" href={`${page}/feed.xml`} title={`${name} on IdeaHub`} />
        <meta property="og:type" content="profile" />
        <meta property="og:title" content={`${name} on IdeaHub`} />
        <meta property="og:url" content={page} />
      </PageMeta>
      <JsonLd
        data={{
          '@type': 'Person',
          name,
          url: page,
          ...(maker.avatarUrl ? { image: `${siteUrl}${maker.avatarUrl}` } : {}),
          ...(maker.bio ? { description: maker.bio } : {}),
          ...(maker.skills.length ? { knowsAbout: maker.skills } : {}),
          ...(maker.industry ? { jobTitle: maker.industry } : {}),
          ...(maker.country ? { homeLocation: { '@type': 'Place', name: maker.country } } : {}),
        }}
      />
    </>
  );
}

function Stat({ icon, value, label }: { icon: React.ReactNode; value: number; label: string }) {
  return (
    <div className="bg-background/60 flex items-center gap-3 rounded-xl border px-4 py-3">
      <div className="bg-primary/10 text-primary rounded-lg p-2">{icon}</div>
      <div>
        <p className="text-xl leading-none font-bold tabular-nums">{value.toLocaleString('en-US')}</p>
        <p className="text-muted-foreground mt-1 text-xs">{label}</p>
      </div>
    </div>
  );
}

function MakerHeader({ maker }: { maker: Maker }) {
  const session = useSession();
  const siteUrl = useSiteUrl();
  const name = creatorDisplayName(maker.name);
  const signedIn = session.status === 'signed-in';
  const contact = signedIn ? (maker.contactInfo ?? 'Not provided') : SIGN_IN_FOR_CONTACT;
  // The follow state's count, once read (it moves with the viewer's Follow), else the page's.
  const followers = useFollowState({ kind: 'maker', id: maker.id }, signedIn && session.user.id !== maker.id).data?.followerCount ?? maker.totals.followers;
  return (
    <section aria-labelledby="maker-name" className="bg-card relative overflow-hidden rounded-2xl border shadow-sm">
      <div className="from-primary/15 via-primary/5 absolute inset-x-0 top-0 h-24 bg-gradient-to-r to-transparent sm:h-full sm:bg-gradient-to-br sm:from-primary/10 sm:via-transparent" aria-hidden />
      <div className="relative p-5 sm:p-8">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <PersonAvatar person={maker} size="xl" className="ring-background shadow-md ring-4" />
          <div className="min-w-0 flex-1">
            <p className="text-primary text-xs font-semibold tracking-wide uppercase">Maker</p>
            <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2">
              <h1 id="maker-name" className="text-2xl font-extrabold tracking-tight break-words sm:text-3xl">
                {name}
              </h1>
              <FollowButton target={{ kind: 'maker', id: maker.id }} name={name} />
            </div>
            <ul className="text-muted-foreground mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {maker.industry ? (
                <li className="inline-flex items-center gap-1.5">
                  <Briefcase className="size-4" aria-hidden />
                  <span className="sr-only">Industry: </span>
                  {maker.industry}
                </li>
              ) : null}
              {maker.country ? (
                <li className="inline-flex items-center gap-1.5">
                  <MapPin className="size-4" aria-hidden />
                  <span className="sr-only">Country: </span>
                  {maker.country}
                </li>
              ) : null}
              <li className="inline-flex items-center gap-1.5">
                <CalendarDays className="size-4" aria-hidden />
                Joined <LocalTime dateTime={maker.joinedAt} text={formatMonthYear} />
              </li>
            </ul>
            {maker.bio ? <p className="text-foreground/90 mt-4 max-w-prose text-pretty whitespace-pre-line">{maker.bio}</p> : null}
            {maker.skills.length ? (
              <div className="mt-4">
                <h2 className="sr-only">Skills</h2>
                <ul className="flex flex-wrap gap-2" aria-label="Skills">
                  {maker.skills.map((skill) => (
                    <li key={skill}>
                      <Badge variant="secondary">{skill}</Badge>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <p className="mt-4 text-sm">
              <span className="text-muted-foreground">Contact: </span>
              {session.status === 'signed-out' ? (
                <Link to="/auth" className="text-primary underline-offset-4 hover:underline">
                  {contact}
                </Link>
              ) : (
                <span className="break-words">{contact}</span>
              )}
            </p>
            <div className="mt-6 grid grid-cols-2 gap-3 sm:max-w-xl sm:grid-cols-3">
              <Stat icon={<Layers className="size-4" aria-hidden />} value={maker.totals.items} label="Items shared" />
              <Stat icon={<Heart className="size-4" aria-hidden />} value={maker.totals.likesReceived} label="Likes received" />
              <Stat icon={<Users className="size-4" aria-hidden />} value={followers} label={followers === 1 ? 'Follower' : 'Followers'} />
            </div>
            <a
              href={`${siteUrl}/makers/${encodeURIComponent(maker.id)}/feed.xml`}
              className="text-muted-foreground hover:text-foreground mt-5 inline-flex items-center gap-1.5 text-sm underline-offset-4 hover:underline"
            >
              <Rss className="size-4" aria-hidden /> Follow {name} in a feed reader
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

function MakerItems({ maker }: { maker: Maker }) {
  const [params] = useSearchParams();
  const start = params.get('cursor') || null;
  const query = useMakerIdeas(maker.id, start);
  const name = creatorDisplayName(maker.name);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const next = query.data?.pages.at(-1)?.nextCursor ?? null;
  return (
    <section aria-labelledby="maker-items" className="mt-10">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-2">
        <h2 id="maker-items" className="text-xl font-bold tracking-tight sm:text-2xl">
          Ideas &amp; products by {name}
        </h2>
        <p className="text-muted-foreground text-sm">Newest first</p>
      </div>
      {query.isPending ? (
        <div className={GRID_CLASSES} role="status" aria-busy="true" aria-label="Loading items">
          {Array.from({ length: 4 }, (_, i) => (
            <IdeaCardSkeleton key={i} />
          ))}
        </div>
      ) : items.length === 0 ? (
        <div className="bg-card flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
          <div className="bg-primary/10 text-primary mb-4 rounded-full p-4">
            <Sparkles className="size-8" aria-hidden />
          </div>
          <p className="text-lg font-semibold">{query.isError ? 'Items could not be loaded' : 'Nothing shared yet'}</p>
          {start ? (
            <Button asChild variant="outline" className="mt-5">
              <Link to={`/makers/${encodeURIComponent(maker.id)}`}>Back to the newest</Link>
            </Button>
          ) : null}
        </div>
      ) : (
        <>
          <CardActionsProvider>
            <ul className={GRID_CLASSES} aria-label={`Items by ${name}`}>
              {items.map((idea, i) => (
                <li key={idea.id} className="flex [&>*]:w-full">
                  <IdeaCard idea={idea} load={coverLoadAt(i)} actions={<IdeaCardActions idea={idea} />} />
                </li>
              ))}
            </ul>
          </CardActionsProvider>
          {next ? (
            <div className="mt-8 flex justify-center">
              {/* A link to the next page's address: without the app's code the server draws it. */}
              <Button asChild variant="outline" size="lg">
                <a
                  href={`/makers/${encodeURIComponent(maker.id)}?cursor=${encodeURIComponent(next)}`}
                  aria-disabled={query.isFetchingNextPage || undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    if (!query.isFetchingNextPage) void query.fetchNextPage();
                  }}
                >
                  {query.isFetchingNextPage ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
                  Load more
                </a>
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function MakerSkeleton() {
  return (
    <div className="mx-auto min-h-screen max-w-7xl px-4 py-6 sm:px-6 sm:py-8" role="status" aria-label="Loading maker">
      <Skeleton className="h-64 w-full rounded-2xl" />
    </div>
  );
}

export default function MakerPage() {
  const { userId = '' } = useParams();
  const query = useMaker(userId);
  const maker = query.data;
  if (query.isPending) return <MakerSkeleton />;
  if (!maker) {
    return (
      <>
        <PageMeta title="Page not found | IdeaHub" description="The page you are looking for does not exist on IdeaHub." noindex />
        <NotFoundPage />
      </>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <MakerMeta maker={maker} />
      <Suspense fallback={null}>
        <Button asChild variant="ghost" className="-ml-3 mb-4">
          <Link to="/">
            <ArrowLeft className="size-4" aria-hidden /> Back to Home
          </Link>
        </Button>
      </Suspense>
      <MakerHeader maker={maker} />
      <MakerItems maker={maker} />
    </div>
  );
}
