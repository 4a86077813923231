import { categoryLabel, creatorDisplayName, isFree, priceText } from '@shared/format';
import { PersonAvatar } from '../../../components/people/person-avatar';
import { CURRENCY_NAMES } from '@shared/constants';
import { type AfterSignIn, itemReturnPath } from '@shared/rules/after-sign-in';
import { signInPath } from '@shared/rules/return-path';
import type { IdeaDetail } from '@shared/schemas/ideas';
import { formatDate } from '@shared/rules/date-format';
import { timeAgo } from '@shared/rules/time-ago';
import { ArrowLeft, CalendarDays, Mail, MessageCircle, Pencil, SearchX, ShoppingCart, Trash2 } from 'lucide-react';
import { lazy, type ReactNode, type RefObject, Suspense, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { TopicLinks } from '../../../components/ideas/topic-links';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LocalTime } from '../../../components/ui/local-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { PageMeta } from '../../../components/layout/page-meta';
import { type SessionState, useSession } from '../../auth';
import { useIdea } from '../api/get-idea';
import { LikeButton } from '../components/like-button';
import { IdeaPageMeta } from '../components/idea-page-meta';
import { LockedOverlay } from '../components/locked-overlay';
import { RatingWidget, ratingSummaryText, Stars } from '../components/rating-widget';
import { BUY_ALERT } from '../lib/buy';
import { ReportButton } from '../../reports';
import { CONTACT_FAILED, ContactButton, contactCreator } from '../../messages';
import { useToggleSaved } from '../../../lib/saved';
import { toast } from '../../../components/ui/use-toast';
import { useToggleLike } from '../api/like-idea';
import { AfterSignInAction, whenMounted } from '../components/after-sign-in';
import { BuyDialog, usePaymentReturn } from '../../payments';
import { useAppConfig } from '../../../lib/app-config';
import { FollowButton } from '../../follows';
// The owner's Edit and Delete: the dashboard's own dialog and confirmation, each loaded on the first press.
import { DeleteIdeaDialog, EditIdeaDialog } from '../../manage-idea';
import { ItemGallery } from '../components/item-gallery';
import { WebsiteLink } from '../components/website-link';

// Below the fold (the discussion) or behind a press (the unlock dialog): their own chunks, so the
// page's first paint does not wait for the dialogs' and the composer's code (bench/RESULTS.md).
const DiscussionSection = lazy(() => import('../components/discussion-section').then((m) => ({ default: m.DiscussionSection })));
const messageCount = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`;
const UnlockDialog = lazy(() => import('../components/unlock-dialog').then((m) => ({ default: m.UnlockDialog })));

export function IdeaNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title="Idea not found | IdeaHub" noindex />
      <div className="bg-muted text-muted-foreground mb-5 rounded-full p-4">
        <SearchX className="size-8" aria-hidden />
      </div>
      <h1 className="text-2xl font-bold">Idea not found</h1>
      <p className="text-muted-foreground mt-2">The idea you&apos;re looking for doesn&apos;t exist or has been removed.</p>
      <Button asChild className="mt-8">
        <Link to="/">
          <ArrowLeft className="size-4" aria-hidden /> Back to Home
        </Link>
      </Button>
    </div>
  );
}

function BackToHome() {
  return (
    <Button asChild variant="ghost" className="-ml-3">
      <Link to="/">
        <ArrowLeft className="size-4" aria-hidden /> Back to Home
      </Link>
    </Button>
  );
}

/** At least a viewport tall: the footer must not show, then jump down, while the item loads (CLS). */
function DetailsSkeleton() {
  return (
    <div className="mx-auto min-h-dvh max-w-6xl px-4 py-6 sm:px-6 sm:py-8" aria-busy="true">
      <PageMeta title="Idea Details | IdeaHub" />
      <BackToHome />
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:gap-10">
        <Skeleton className="aspect-[4/3] w-full rounded-2xl" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-10 w-4/5" />
          <Skeleton className="h-9 w-40" />
          <Skeleton className="h-5 w-56" />
          <div className="flex gap-2">
            <Skeleton className="h-9 w-24" />
            <Skeleton className="h-9 w-28" />
            <Skeleton className="h-9 w-24" />
          </div>
        </div>
      </div>
    </div>
  );
}

/** A titled block of the page; `id` lets 'Discuss' bring the discussion into view. */
function Section({ id, title, icon, aside, children, className }: { id: string; title: string; icon?: ReactNode; aside?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={cn('bg-card text-card-foreground scroll-mt-20 rounded-xl border p-5 shadow-sm sm:p-6', className)}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold" tabIndex={-1}>
          {icon}
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

function CreatorBlock({ idea, session }: { idea: IdeaDetail; session: SessionState }) {
  const name = creatorDisplayName(idea.creator.name);
  const contact =
    session.status === 'signed-in' ? (idea.creator.contactInfo?.trim() ? idea.creator.contactInfo : 'Not provided') : 'Sign in to view creator contact info.';
  return (
    <div className="flex items-start gap-3">
      <PersonAvatar person={idea.creator} size="md" />
      <div className="min-w-0">
        <p className="font-semibold">
          <Link to={`/makers/${encodeURIComponent(idea.creator.id)}`} className="underline-offset-4 hover:underline">
            {name}
          </Link>
        </p>
        <p className={cn('mt-0.5 text-sm break-words', session.status === 'signed-in' ? 'text-foreground/90' : 'text-muted-foreground')}>
          {session.status === 'signed-out' ? (
            <Link to={signInPath(`/ideas/${idea.id}`)} className="text-primary underline-offset-4 hover:underline">
              {contact}
            </Link>
          ) : (
            contact
          )}
        </p>
        {idea.isOwner ? null : (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <FollowButton target={{ kind: 'maker', id: idea.creator.id }} name={name} />
            <ContactButton ideaId={idea.id} title={idea.title} icon={<Mail aria-hidden />} />
          </div>
        )}
      </div>
    </div>
  );
}

/** What the item is, costs and what you can do with it: the hero's side next to the picture. */
function HeroSummary({
  idea,
  signedIn,
  showBuy,
  onBuy,
  onDiscuss: discuss,
  onOwnerDialog: openOwnerDialog,
}: {
  idea: IdeaDetail;
  signedIn: boolean;
  showBuy: boolean;
  onBuy: () => void;
  onDiscuss: () => void;
  onOwnerDialog: (which: 'edit' | 'delete') => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{categoryLabel(idea.category)}</Badge>
        <span className="text-muted-foreground text-sm">
          Posted <LocalTime dateTime={idea.createdAt} text={timeAgo} />
        </span>
        {signedIn && !idea.isOwner ? (
          <ReportButton target={{ targetType: 'idea', targetId: idea.id }} subject={idea.category} className="-mr-2 ml-auto" />
        ) : null}
      </div>
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{idea.title}</h1>
      <p className="text-sm">
        by <span className="font-semibold">{creatorDisplayName(idea.creator.name)}</span>
      </p>
      <TopicLinks topics={idea.topics} />
      <p className="text-primary text-3xl font-extrabold tabular-nums sm:text-4xl">{priceText(idea.price, idea.currency)}</p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="inline-flex items-center gap-2">
          <Stars value={idea.ratingAverage} />
          <span className="font-medium tabular-nums">{ratingSummaryText(idea.ratingAverage, idea.ratingCount)}</span>
        </span>
        <span className="text-muted-foreground inline-flex items-center gap-1">
          <MessageCircle className="size-4" aria-hidden /> {messageCount(idea.commentCount)}
        </span>
      </div>
      {idea.isOwner ? (
        // Your own item: manage it here (the dashboard's Edit dialog and Delete confirmation), nothing to buy.
        <div className="mt-1 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <LikeButton idea={idea} signedIn={signedIn} />
          <Button variant="outline" onClick={discuss}>
            <MessageCircle aria-hidden /> Discuss
          </Button>
          <Button onClick={() => openOwnerDialog('edit')} className="sm:min-w-28">
            <Pencil aria-hidden /> Edit
          </Button>
          <Button
            variant="outline"
            onClick={() => openOwnerDialog('delete')}
            className="text-destructive hover:bg-destructive/10 hover:text-destructive dark:hover:bg-destructive/20"
          >
            <Trash2 aria-hidden /> Delete
          </Button>
        </div>
      ) : (
        <div className={cn('mt-1 grid gap-2 sm:flex sm:flex-wrap', showBuy ? 'grid-cols-[auto_auto_1fr]' : 'grid-cols-[auto_1fr]')}>
          <LikeButton idea={idea} signedIn={signedIn} />
          <Button variant="outline" onClick={discuss}>
            <MessageCircle aria-hidden /> Discuss
          </Button>
          {showBuy ? (
            <Button onClick={onBuy} className="sm:min-w-32">
              <ShoppingCart aria-hidden /> Buy
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}

/** The full description, or its preview under the premium lock. */
function DescriptionBody({ idea, signedIn, onUnlock: unlock }: { idea: IdeaDetail; signedIn: boolean; onUnlock: () => void }) {
  return idea.fullAccess ? (
    <p className="leading-relaxed whitespace-pre-line">{idea.description}</p>
  ) : (
    <LockedOverlay
      title={signedIn ? 'Premium members read the full description.' : 'Sign in and unlock premium to read the full description.'}
      buttonLabel="Unlock Full Description"
      onUnlock={unlock}
    >
      <p className="leading-relaxed" data-testid="description-preview">
        {idea.description}
        {idea.descriptionTruncated ? '…' : null}
      </p>
    </LockedOverlay>
  );
}

/** The Details section's facts: category, price, likes and when it was posted. */
function DetailsFacts({ idea }: { idea: IdeaDetail }) {
  return (
    <dl className="divide-y">
      <Fact label="Category">
        <span>{categoryLabel(idea.category)}</span>
      </Fact>
      <Fact label="Price">
        {priceText(idea.price, idea.currency)}
        {isFree(idea.price) ? null : <span className="text-muted-foreground font-normal"> ({CURRENCY_NAMES[idea.currency]})</span>}
      </Fact>
      <Fact label="Likes">{idea.likeCount}</Fact>
      <Fact label="Posted">
        <span className="inline-flex items-center gap-1.5">
          <CalendarDays className="text-muted-foreground size-4" aria-hidden />
          <LocalTime dateTime={idea.createdAt} text={formatDate} />
        </span>
      </Fact>
    </dl>
  );
}

/** The details page of one idea or product (SPEC §2 Idea details, §4 Premium / Like / Discussion, §6). */
export default function IdeaDetailsPage() {
  const { id = '' } = useParams();
  const query = useIdea(id);
  const session = useSession();
  const navigate = useNavigate();
  const idea = query.data;
  const unlockDialog = useLazyDialog(false);
  const ownerDialog = useLazyDialog<'edit' | 'delete' | null>(null);
  const buyDialog = useLazyDialog(false);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const config = useAppConfig();
  const toggleLike = useToggleLike(id);
  const { mutate: save } = useToggleSaved();
  // Back from checkout (?payment=…): the toast, and the item read again (it may be open now).
  usePaymentReturn(() => void query.refetch());


  if (query.isPending) return <DetailsSkeleton />;
  if (query.isError || !idea) return <IdeaNotFound />;

  const signedIn = session.status === 'signed-in';
  const unlock = (from: 'description' | 'discussion' = 'description') => {
    if (!signedIn) return void navigate(signInPath(itemReturnPath(idea.id, 'unlock', from)));
    unlockDialog.show(true);
  };
  // With PAYMENTS=off, Buy keeps the spec's alert; with a provider, the confirmation, then checkout.
  const buy = async () => {
    const mode = config.data?.payments ?? (await config.refetch()).data?.payments ?? 'off';
    if (mode === 'off') return void window.alert(BUY_ALERT);
    if (!signedIn) return void navigate(signInPath(itemReturnPath(idea.id, 'buy')));
    buyDialog.show(true);
  };
  // A free item has nothing to buy once a provider is on; until the config is read, only priced items show Buy (no flicker).
  const showBuy = !isFree(idea.price) || config.data?.payments === 'off';
  const discuss = () => {
    const section = document.getElementById('discussion');
    section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    const box = composerRef.current;
    if (box) box.focus({ preventScroll: true });
    else document.getElementById('discussion-heading')?.focus({ preventScroll: true });
  };
  // Signed in from one of this item's prompts: what they pressed, done or opened.
  const afterSignIn = (action: AfterSignIn) => {
    if (action === 'like' && !idea.viewer?.liked) toggleLike.mutate(true);
    else if (action === 'save' && !idea.viewer?.saved) save({ id: idea.id, saved: true });
    else if (action === 'contact' && !idea.isOwner)
      void contactCreator(idea.id, {
        signedIn: Promise.resolve(true),
        navigate,
        onError: (description) => toast({ variant: 'destructive', title: CONTACT_FAILED, description }),
      });
    else if (action === 'unlock' && !idea.fullAccess) unlock();
    else if (action === 'buy') void buy();
    // The discussion's box comes with its part of the page, which may still be on its way.
    else if (action === 'discuss')
      whenMounted(
        composerRef,
        (box) => box.focus({ preventScroll: true }),
        () => document.getElementById('discussion-heading')?.focus({ preventScroll: true }),
      );
  };

  return (
    <article className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <IdeaPageMeta idea={idea} />
      <AfterSignInAction signedIn={signedIn} ready={idea.viewer !== undefined} refresh={() => void query.refetch()} run={afterSignIn} />
      <Suspense fallback={null}>
        <BackToHome />
      </Suspense>

      {/* Hero: the picture, and what the item is, costs and what you can do with it. Each part is
          a Suspense boundary of its own, as is everything below: React hydrates them one by one,
          the one a person presses first before the others. */}
      <div className="mt-4 grid items-start gap-6 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:items-center lg:gap-10">
        <Suspense fallback={null}>
          {/* The cover on its blurred self (IdeaCover), the page's largest paint: fetched first
              (the page's head also preloads it: app/document.tsx); the gallery's other pictures after it. */}
          <ItemGallery idea={idea} />
        </Suspense>
        <Suspense fallback={null}>
          <HeroSummary idea={idea} signedIn={signedIn} showBuy={showBuy} onBuy={() => void buy()} onDiscuss={discuss} onOwnerDialog={ownerDialog.show} />
        </Suspense>
      </div>

      <ItemSections idea={idea} session={session} signedIn={signedIn} composerRef={composerRef} onUnlock={unlock} />

      {idea.isOwner && ownerDialog.mounted ? (
        <Suspense fallback={null}>
          <EditIdeaDialog idea={ownerDialog.value === 'edit' ? idea : null} onClose={() => ownerDialog.set(null)} />
          <DeleteIdeaDialog
            idea={ownerDialog.value === 'delete' ? idea : null}
            onClose={() => ownerDialog.set(null)}
            onDeleted={() => void navigate('/dashboard', { replace: true })}
          />
        </Suspense>
      ) : null}
      {signedIn && unlockDialog.mounted ? (
        <Suspense fallback={null}>
          <UnlockDialog
            open={unlockDialog.value}
            onOpenChange={unlockDialog.set}
            itemCount={idea.viewerItemCount}
            threshold={idea.premiumThreshold}
            ideaId={idea.id}
            payments={config.data?.payments ?? 'off'}
          />
        </Suspense>
      ) : null}
      {signedIn && buyDialog.mounted ? <BuyDialog ideaId={idea.id} title={idea.title} open={buyDialog.value} onOpenChange={buyDialog.set} /> : null}
    </article>
  );
}

/** Below the hero: on wide screens the reading column and a side column; on phones one column in reading order. */
function ItemSections({
  idea,
  session,
  signedIn,
  composerRef,
  onUnlock,
}: {
  idea: IdeaDetail;
  session: SessionState;
  signedIn: boolean;
  composerRef: RefObject<HTMLTextAreaElement | null>;
  onUnlock: (from: 'description' | 'discussion') => void;
}) {
  // Below the fold on a phone: each section hydrates as a boundary of its own.
  return (
    <div className="mt-8 grid gap-6 lg:mt-10 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start lg:gap-8">
      <div className="contents lg:flex lg:flex-col lg:gap-6">
        <Suspense fallback={null}>
          <Section id="description" title="Description" className="order-1">
            <DescriptionBody idea={idea} signedIn={signedIn} onUnlock={() => onUnlock('description')} />
          </Section>
        </Suspense>
        {idea.projectDetails ? (
          <Suspense fallback={null}>
            <Section id="project-details" title="Project details" className="order-2">
              <p className="leading-relaxed whitespace-pre-line">{idea.projectDetails}</p>
            </Section>
          </Suspense>
        ) : null}
        <Suspense fallback={null}>
          <Section
            id="discussion"
            title="Discussion"
            icon={<MessageCircle className="text-primary size-5" aria-hidden />}
            className="order-4"
            aside={
              <span className="text-muted-foreground text-sm tabular-nums">{messageCount(idea.commentCount)}</span>
            }
          >
            <Suspense
              fallback={
                <p className="text-muted-foreground py-6 text-sm" role="status">
                  Loading messages…
                </p>
              }
            >
              <DiscussionSection key={idea.id} idea={idea} session={session} onUnlock={() => onUnlock('discussion')} composerRef={composerRef} />
            </Suspense>
          </Section>
        </Suspense>
      </div>
      <div className="contents lg:flex lg:flex-col lg:gap-6">
        <Suspense fallback={null}>
          <Section id="creator" title="Creator" className="order-3">
            <CreatorBlock idea={idea} session={session} />
            {idea.websiteUrl ? <WebsiteLink url={idea.websiteUrl} /> : null}
          </Section>
        </Suspense>
        <Suspense fallback={null}>
          <Section id="rating" title="Rating" className="order-5">
            <RatingWidget idea={idea} signedIn={signedIn} />
          </Section>
        </Suspense>
        <Suspense fallback={null}>
          <Section id="details" title="Details" className="order-6">
            <DetailsFacts idea={idea} />
          </Section>
        </Suspense>
      </div>
    </div>
  );
}

/** A dialog loaded on its first opening and kept after, so closing still plays its exit animation. */
function useLazyDialog<T>(closed: T) {
  const [value, set] = useState<T>(closed);
  const [mounted, setMounted] = useState(false);
  const show = (next: T) => {
    setMounted(true);
    set(next);
  };
  return { value, mounted, show, set };
}
