import { type ComponentProps, type ComponentType, type ReactNode, Suspense } from 'react';
import { ArrowUp, Lock, Mail, MapPin, Phone, ShieldCheck, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

import { cn } from '../../../lib/cn';
import { BRAND_TAGLINE } from '../../../components/brand/brand';
import { Logo } from '../../../components/brand/logo';
import { Button } from '../../../components/ui/button';
import { Separator } from '../../../components/ui/separator';
import { NewsletterForm } from '../../newsletter';

const CONTACT_EMAIL = 'hello@ideahub.app';
const SUPPORT_EMAIL = 'support@ideahub.app';
const PHONE_DISPLAY = '+234 800 123 4567';
const PHONE_HREF = 'tel:+2348001234567';
const LOCATION = 'Lagos, Nigeria';

/* Brand marks are not part of lucide-react 1.x; these are drawn in the same 24px stroke style. */
type IconProps = ComponentProps<'svg'>;

function StrokeIcon({ children, className, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={cn('size-4', className)}
      {...props}
    >
      {children}
    </svg>
  );
}

function TwitterIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M22 4s-.7 2.1-2 3.4c1.6 10-9.4 17.3-18 11.6 2.2.1 4.4-.6 6-2C3 15.5.5 9.6 3 5c2.2 2.6 5.6 4.1 9 4-.9-4.2 4-6.6 7-3.8 1.1 0 3-1.2 3-1.2z" />
    </StrokeIcon>
  );
}

function FacebookIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </StrokeIcon>
  );
}

function InstagramIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="2" y="2" width="20" height="20" rx="5" ry="5" />
      <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
      <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
    </StrokeIcon>
  );
}

function LinkedInIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-2-2 2 2 0 0 0-2 2v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect width="4" height="12" x="2" y="9" />
      <circle cx="4" cy="4" r="2" />
    </StrokeIcon>
  );
}

const socialLinks: { label: string; href: string; icon: ComponentType<IconProps> }[] = [
  { label: 'IdeaHub on Twitter', href: 'https://twitter.com/ideahub', icon: TwitterIcon },
  { label: 'IdeaHub on Facebook', href: 'https://www.facebook.com/ideahub', icon: FacebookIcon },
  { label: 'IdeaHub on Instagram', href: 'https://www.instagram.com/ideahub', icon: InstagramIcon },
  { label: 'IdeaHub on LinkedIn', href: 'https://www.linkedin.com/company/ideahub', icon: LinkedInIcon },
];

const quickLinks = [
  { label: 'About', to: '/about' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Dashboard', to: '/dashboard' },
] as const;

const trustBadges: { label: string; icon: LucideIcon }[] = [
  { label: 'Secure & Encrypted', icon: Lock },
  { label: 'Privacy Protected', icon: ShieldCheck },
  { label: 'Trusted Community', icon: Users },
];


function FooterHeading({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h2 id={id} className="text-sm font-semibold tracking-wide text-foreground">
      {children}
    </h2>
  );
}

function scrollToTop() {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
}

/** Site-wide footer (SPEC §2 Footer): brand, social, quick links, contact, newsletter, trust, copyright. */
export function SiteFooter() {
  const year = new Date().getFullYear();

  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-12 lg:gap-8">
          {/* Brand */}
          <div className="sm:col-span-2 lg:col-span-4">
            <Link
              to="/"
              aria-label="IdeaHub home"
              className="inline-flex rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <Logo />
            </Link>
            <p className="mt-4 max-w-xs text-sm leading-relaxed text-muted-foreground">
              {BRAND_TAGLINE}. Share your ideas with the world, get feedback and grow with the community.
            </p>
            <ul className="mt-6 flex gap-2" aria-label="IdeaHub on social media">
              {socialLinks.map(({ label, href, icon: Icon }) => (
                <li key={href}>
                  <Button asChild variant="outline" size="icon" className="rounded-full">
                    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${label} (opens in a new tab)`}>
                      <Icon />
                    </a>
                  </Button>
                </li>
              ))}
            </ul>
          </div>

          {/* Quick links */}
          <nav aria-labelledby="footer-quick-links-heading" className="lg:col-span-2">
            <FooterHeading id="footer-quick-links-heading">Quick Links</FooterHeading>
            <ul className="mt-4 space-y-3 text-sm">
              {quickLinks.map(({ label, to }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline"
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          {/* Contact */}
          <div className="lg:col-span-3">
            <FooterHeading>Contact</FooterHeading>
            <address className="mt-4 space-y-3 text-sm not-italic">
              <a
                href={`mailto:${CONTACT_EMAIL}`}
                className="flex items-center gap-2.5 text-muted-foreground transition-colors hover:text-foreground"
              >
                <Mail className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {CONTACT_EMAIL}
              </a>
              <a
                href={PHONE_HREF}
                className="flex items-center gap-2.5 text-muted-foreground transition-colors hover:text-foreground"
              >
                <Phone className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {PHONE_DISPLAY}
              </a>
              <p className="flex items-center gap-2.5 text-muted-foreground">
                <MapPin className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {LOCATION}
              </p>
            </address>
          </div>

          {/* Newsletter */}
          <div className="sm:col-span-2 lg:col-span-3">
            <FooterHeading id="footer-newsletter-heading">Stay Updated</FooterHeading>
            <p className="mt-4 text-sm text-muted-foreground">
              The best new ideas and products, delivered to your inbox now and then.
            </p>
            <Suspense fallback={null}>
              <NewsletterForm />
            </Suspense>
          </div>
        </div>

        {/* Trust */}
        <ul className="mt-12 flex flex-wrap gap-3" aria-label="Security and trust">
          {trustBadges.map(({ label, icon: Icon }) => (
            <li
              key={label}
              className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1.5 text-xs font-medium text-foreground"
            >
              <Icon className="size-3.5 text-success" aria-hidden="true" />
              {label}
            </li>
          ))}
        </ul>

        <Separator className="my-8" />

        <div className="flex flex-col gap-4 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-4">
            <p>© {year} IdeaHub. All rights reserved.</p>
            <p>
              Need help?{' '}
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="font-medium text-foreground underline underline-offset-4 hover:no-underline"
              >
                {SUPPORT_EMAIL}
              </a>
            </p>
          </div>
          <Button type="button" variant="outline" size="sm" onClick={scrollToTop} className="self-start sm:self-auto">
            <ArrowUp aria-hidden="true" />
            Back to Top
          </Button>
        </div>
      </div>
    </footer>
  );
}
