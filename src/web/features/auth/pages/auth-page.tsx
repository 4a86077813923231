import { AUTH_FORM_FAILURES, authFormFailureIn, FAILED_PARAM, SENT_PARAM, STEP_PARAM } from '@shared/rules/auth-form';
import { DEFAULT_AFTER_SIGN_IN, signInPath } from '@shared/rules/return-path';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FullScreenLoading } from '../../../components/layout/full-screen-loading';
import { PageMeta } from '../../../components/layout/page-meta';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/use-toast';
import { AuthShell } from '../components/auth-shell';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';
import { useReturnTo } from '../hooks/use-return-to';
import { useSession } from '../hooks/use-session';
import { googleErrorDescription } from '../lib/auth-messages';

const DESCRIPTION = 'Sign in to IdeaHub or create your account to share ideas and products.';

/**
 * /auth (SPEC §2 Auth): tabs Sign In and Sign Up. Signing in (or arriving signed in) goes on to the
 * page that sent the person here (`?next=`, issue 15 point 2), else to /dashboard.
 */
export default function AuthPage() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const target = useReturnTo() ?? DEFAULT_AFTER_SIGN_IN;
  const oauthError = params.get('error');
  const oauthDescription = params.get('error_description');
  const tab = params.get('tab') === 'signup' ? 'signup' : 'signin';
  const returnTo = useReturnTo();
  // A form post that did not go through comes back with its reason (src/shared/rules/auth-form.ts).
  const failed = authFormFailureIn(params.get(FAILED_PARAM));
  const failure = failed && (
    <div role="alert" className="border-destructive/30 bg-destructive/5 mb-4 rounded-lg border p-3 text-sm">
      <p className="font-medium">{tab === 'signup' ? 'Sign Up Error' : 'Sign In Error'}</p>
      <p className="text-muted-foreground mt-1">{AUTH_FORM_FAILURES[failed]}</p>
    </div>
  );
  const meta = <PageMeta title={tab === 'signup' ? 'Sign Up | IdeaHub' : 'Sign In | IdeaHub'} description={DESCRIPTION} />;

  // Continue with Google sends failures back here as ?error=<code>.
  useEffect(() => {
    if (!oauthError) return;
    toast({ variant: 'destructive', title: 'Google Sign In Error', description: googleErrorDescription(oauthError, oauthDescription) });
    const next = new URLSearchParams(params);
    next.delete('error');
    next.delete('error_description');
    setParams(next, { replace: true });
  }, [oauthError, oauthDescription, params, setParams]);

  if (session.status === 'signed-in') return <Navigate to={target} replace />;
  // Only a page the browser draws itself waits for the session; the server's page knows who is reading.
  if (session.status === 'loading') {
    return (
      <>
        {meta}
        <FullScreenLoading />
      </>
    );
  }

  return (
    <AuthShell>
      {meta}
      <h1 className="sr-only">Sign in or create your IdeaHub account</h1>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(params);
          if (value === 'signup') next.set('tab', 'signup');
          else next.delete('tab');
          setParams(next, { replace: true, state: location.state });
        }}
      >
        <TabsList className="mb-4 grid w-full grid-cols-2">
          {/* Links too, so the other tab opens without the page's code. */}
          <TabsTrigger value="signin" asChild>
            <Link to={signInPath(returnTo)} replace state={location.state}>
              Sign In
            </Link>
          </TabsTrigger>
          <TabsTrigger value="signup" asChild>
            <Link to={signInPath(returnTo, 'signup')} replace state={location.state}>
              Sign Up
            </Link>
          </TabsTrigger>
        </TabsList>
        {failure}
        <TabsContent value="signin">
          <SignInForm onSignedIn={() => navigate(target, { replace: true })} askCode={params.get(STEP_PARAM) === 'two-factor'} />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm sent={params.get(SENT_PARAM) === '1'} />
        </TabsContent>
      </Tabs>
    </AuthShell>
  );
}
