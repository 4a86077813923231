import { ArrowRight } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../auth';
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
        {/* Compact (issue 27): a line and the call to action, so the community's items fill the first screen. */}
        <section className="relative overflow-hidden border-b">
          <div className="from-primary/10 via-background to-background absolute inset-0 -z-10 bg-gradient-to-r" aria-hidden />
          <div className="mx-auto flex max-w-7xl items-center justify-between gap-x-4 px-4 py-2 sm:gap-x-6 sm:px-6 sm:py-3">
            <h1 className="text-[13px] leading-tight font-bold tracking-tight text-balance sm:text-xl">
              Share brilliant ideas. <span className="text-primary">Discover amazing products.</span>
            </h1>
            <div className="flex shrink-0 items-center gap-2">
              {!signedIn ? (
                <Link to="/about" className="text-muted-foreground hover:text-foreground px-2 text-sm font-medium underline-offset-4 hover:underline max-sm:hidden">
                  Learn how it works
                </Link>
              ) : null}
              <Button asChild size="sm" className="h-9 max-sm:px-2.5">
                <Link to={signedIn ? '/create-idea' : '/auth'}>
                  Start Sharing Ideas <ArrowRight className="size-4 max-sm:hidden" aria-hidden />
                </Link>
              </Button>
            </div>
          </div>
        </section>
      </Suspense>
      <div className="pt-3 sm:pt-4">
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
