import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageMeta } from '../../../components/layout/page-meta';

export const ACCESS_DENIED_TEXT = "You don't have permission to access the admin panel.";

/** SPEC §2: what people without access see at /admin. */
export function AccessDenied() {
  return (
    <main id="main" className="bg-muted/40 flex min-h-dvh items-center justify-center p-4">
      <PageMeta title="Access Denied | IdeaHub" />
      <Card className="w-full max-w-md text-center">
        <CardHeader className="justify-items-center gap-3">
          <span className="bg-destructive/10 text-destructive flex size-14 items-center justify-center rounded-full">
            <ShieldAlert className="size-7" aria-hidden />
          </span>
          <CardTitle asChild>
            <h1 className="text-h3">Access Denied</h1>
          </CardTitle>
          <CardDescription className="text-base">{ACCESS_DENIED_TEXT}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to="/">
              <ArrowLeft aria-hidden />
              Back to Site
            </Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}

/** While the admin check runs (SPEC §2). */
export function AdminLoading() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4" role="status" aria-live="polite">
      <span className="border-primary/25 border-t-primary size-10 animate-spin rounded-full border-4" aria-hidden />
      <p className="text-muted-foreground text-sm">Loading admin panel...</p>
    </div>
  );
}

/** The check itself failed (network, server): say so and offer to retry. */
export function AdminCheckFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-h3">The admin panel could not load</h1>
          </CardTitle>
          <CardDescription>{message}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={onRetry}>Try again</Button>
        </CardContent>
      </Card>
    </main>
  );
}
