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
          <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
            <p className="text-primary text-sm font-semibold tracking-wide uppercase">The home of bold ideas</p>
            <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
              Share brilliant ideas. Discover amazing products.
            </h1>
            <p className="text-muted-foreground mt-4 max-w-2xl text-base text-pretty sm:text-lg">
              Put a price on your idea or product, get feedback from the community, and unlock premium insights as you contribute.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to={signedIn ? '/create-idea' : '/auth'}>
                  Start Sharing Ideas <ArrowRight className="size-4" aria-hidden />
                </Link>
              </Button>
              {!signedIn ? (
                <Button asChild size="lg" variant="outline">
                  <Link to="/about">Learn how it works</Link>
                </Button>
              ) : null}
            </div>
          </div>
        </section>
      </Suspense>
      <div className="pt-8">
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
