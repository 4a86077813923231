import { signInPath } from '@shared/rules/return-path';
import { Link } from 'react-router';
import { Button } from './button';

/** A sign-in prompt's two ways in, each coming back to `here` (where the person pressed). */
export function SignInOrJoin({ here }: { here: string }) {
  return (
    <div className="mt-4 grid grid-cols-2 gap-2">
      <Button asChild size="sm">
        <Link to={signInPath(here)}>Sign In</Link>
      </Button>
      <Button asChild size="sm" variant="outline">
        <Link to={signInPath(here, 'signup')}>Join</Link>
      </Button>
    </div>
  );
}
