import { DEFAULT_AFTER_SIGN_IN } from '@shared/rules/return-path';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FullScreenLoading } from '../../../components/layout/full-screen-loading';
import { PageMeta } from '../../../components/layout/page-meta';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/use-toast';
import { AuthShell } from '../components/auth-shell';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';
import { useAuthConfig } from '../hooks/use-auth-config';
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
  const { settled } = useAuthConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const target = useReturnTo() ?? DEFAULT_AFTER_SIGN_IN;
  const oauthError = params.get('error');
  const oauthDescription = params.get('error_description');
  const tab = params.get('tab') === 'signup' ? 'signup' : 'signin';
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
  // The site's settings decide whether Continue with Google shows: wait for them, not to draw it late.
  if (session.status === 'loading' || !settled) {
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
          <TabsTrigger value="signin">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="signin">
          <SignInForm onSignedIn={() => navigate(target, { replace: true })} />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm />
        </TabsContent>
      </Tabs>
    </AuthShell>
  );
}
