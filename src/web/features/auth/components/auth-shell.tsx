import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/brand/logo';
import { Card, CardContent } from '../../../components/ui/card';
import { BackLink } from '../../../components/layout/back-link';

/** The frame of the account screens: Back to Home, the brand, and one card. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="from-primary/5 to-background flex justify-center bg-gradient-to-b px-4 py-8 sm:py-12">
      <div className="w-full max-w-md">
        <BackLink to="/" className="mb-6">Back to Home</BackLink>
        <div className="mb-6 flex justify-center">
          <Link to="/" className="focus-visible:ring-ring rounded-md focus-visible:ring-2 focus-visible:outline-none">
            <Logo withTagline size="lg" />
          </Link>
        </div>
        <Card>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </div>
  );
}

/** 'or' between the password form and Continue with Google. */
export function OrDivider() {
  return (
    <div className="relative my-5" role="separator" aria-label="or">
      <div className="absolute inset-0 flex items-center" aria-hidden>
        <span className="w-full border-t" />
      </div>
      <div className="relative flex justify-center text-xs uppercase" aria-hidden>
        <span className="bg-card text-muted-foreground px-2">or</span>
      </div>
    </div>
  );
}
