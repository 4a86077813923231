import { ArrowRight } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../auth/hooks/use-session';
import { IdeasBrowser } from '../components/ideas-browser';
import { usePeriodicDialog } from '../hooks/use-periodic-dialog';

const PeriodicDialog = lazy(() => import('../components/periodic-dialogs'));

export default function HomePage() {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const [dueDialog, dialogDone] = usePeriodicDialog(session.status);
  return (
    <>
      {/* A boundary of its own: on a server-painted page React hydrates it apart from the list. */}
      <Suspense fallback={null}>
        <section className="relative overflow-hidden border-b">
          <div className="from-primary/10 via-background to-background absolute inset-0 -z-10 bg-gradient-to-b" aria-hidden />
          {/* Compact on a phone (issue 15 point 10): the first card shows on the first screen. */}
          <div className="mx-auto max-w-7xl px-4 py-5 sm:px-6 sm:py-14">
            <p className="text-primary text-sm font-semibold tracking-wide uppercase max-sm:hidden">The home of bold ideas</p>
            <h1 className="max-w-3xl text-xl font-extrabold tracking-tight text-balance sm:mt-2 sm:text-5xl">
              Share brilliant ideas. Discover amazing products.
            </h1>
            <p className="text-muted-foreground mt-4 max-w-2xl text-base text-pretty max-sm:hidden sm:text-lg">
              Put a price on your idea or product, get feedback from the community, and unlock premium insights as you contribute.
            </p>
            <div className="mt-4 flex flex-wrap gap-2 sm:mt-8 sm:gap-3">
              <Button asChild size="lg" className="max-sm:px-3">
                <Link to={signedIn ? '/create-idea' : '/auth'}>
                  Start Sharing Ideas <ArrowRight className="size-4 max-sm:hidden" aria-hidden />
                </Link>
              </Button>
              {!signedIn ? (
                <Button asChild size="lg" variant="outline" className="max-sm:px-3">
                  <Link to="/about">Learn how it works</Link>
                </Button>
              ) : null}
            </div>
          </div>
        </section>
      </Suspense>
      <div className="pt-4 sm:pt-8">
        <IdeasBrowser />
      </div>
      {dueDialog ? (
        <Suspense fallback={null}>
          <PeriodicDialog kind={dueDialog} onDone={dialogDone} />
        </Suspense>
      ) : null}
    </>
  );
}
