import { ArrowRight, Award, Crown, Lightbulb, MessageSquare, Send, ShieldCheck, Sparkles, Target, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';

interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
}

const features: Feature[] = [
  {
    title: 'Innovative Ideas',
    description:
      'Share original concepts and products with a clear description and a price, and discover fresh thinking from creators everywhere.',
    icon: Lightbulb,
  },
  {
    title: 'Community',
    description:
      'Like, discuss and give feedback on everything that is shared, and connect with the people behind the ideas.',
    icon: Users,
  },
  {
    title: 'Quality First',
    description:
      'Paced sharing, one idea every 3 days and one product every 24 hours, keeps the feed thoughtful rather than noisy.',
    icon: Award,
  },
  {
    title: 'Fast & Secure',
    description:
      'A quick, responsive experience with secure sign-in, and private details such as your banking information never shown to others.',
    icon: ShieldCheck,
  },
];

interface Step {
  title: string;
  description: string;
  icon: LucideIcon;
}

const steps: Step[] = [
  {
    title: 'Share Your Ideas',
    description:
      'Describe your idea or product, set a price in Naira, Dollars or Euros, add an image and publish it to the community.',
    icon: Send,
  },
  {
    title: 'Get Feedback',
    description:
      'Members like, discuss and respond to what you share, so you learn what resonates and can refine your work.',
    icon: MessageSquare,
  },
  {
    title: 'Unlock Premium',
    description:
      'Contributing quality ideas unlocks premium features and detailed information: full descriptions and discussions on every idea.',
    icon: Crown,
  },
];

export default function AboutPage() {

  return (
    <div>
      {/* Hero */}
      <section aria-labelledby="about-heading" className="relative isolate overflow-hidden border-b">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--color-primary)_0%,transparent_65%)] opacity-[0.12] dark:opacity-25"
        />
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 sm:py-24">
          <Badge variant="secondary" className="gap-1.5 px-3 py-1 text-sm">
            <Sparkles aria-hidden="true" />
            About IdeaHub
          </Badge>
          <h1 id="about-heading" className="mx-auto mt-6 max-w-3xl text-display text-balance">
            Where brilliant ideas meet the people who need them
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
            IdeaHub is the official platform for sharing brilliant ideas and discovering amazing products, built
            and run by a technology company that believes every good idea deserves an audience. Share your ideas
            with descriptions and pricing, get feedback from the community, and unlock premium features as you
            contribute.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/auth">
                Get Started
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/">Explore Ideas</Link>
            </Button>
          </div>
        </div>
      </section>

      {/* Features */}
      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-heading" className="text-h1 text-balance">
            Why creators choose IdeaHub
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Everything you need to put an idea in front of people who care.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ title, description, icon: Icon }) => (
            <li
              key={title}
              className="flex gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-shadow hover:shadow-md sm:block sm:p-6"
            >
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-h3 sm:mt-5">{title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground sm:mt-2">{description}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {/* Mission */}
      <section aria-labelledby="mission-heading" className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="relative isolate overflow-hidden rounded-2xl bg-primary px-6 py-12 text-primary-foreground sm:px-12 sm:py-16 dark:bg-card dark:bg-linear-to-br dark:from-primary/30 dark:to-card dark:text-card-foreground dark:ring-1 dark:ring-primary/30 dark:ring-inset">
          <Target
            aria-hidden="true"
            className="absolute -top-10 -right-10 -z-10 size-56 opacity-10 sm:size-72 dark:text-primary dark:opacity-20"
            strokeWidth={1.25}
          />
          <p className="text-sm font-semibold tracking-wider uppercase opacity-90 dark:text-primary dark:opacity-100">Our Mission</p>
          <h2 id="mission-heading" className="mt-3 max-w-3xl text-h1 text-balance">
            Give every idea a stage, and every creator a community
          </h2>
          <p className="mt-6 max-w-3xl text-base leading-relaxed opacity-95 sm:text-lg dark:text-muted-foreground dark:opacity-100">
            We want anyone, anywhere, to be able to put a brilliant idea or an amazing product in front of the
            people who need it, hear honestly what they think, and be rewarded for contributing. The more quality
            ideas you share, the more of IdeaHub opens up to you.
          </p>
        </div>
      </section>

      {/* How it works */}
      <section aria-labelledby="how-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="how-heading" className="text-h1">
            How It Works
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">Three steps from idea to impact.</p>
        </div>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map(({ title, description, icon: Icon }, i) => (
            <li key={title} className="relative rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
              <div className="flex items-center justify-between">
                <span className="inline-flex size-10 items-center justify-center rounded-full bg-primary text-base font-bold text-primary-foreground tabular-nums">
                  <span className="sr-only">Step </span>
                  {i + 1}
                </span>
                <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-h3">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
            </li>
          ))}
        </ol>
      </section>

      {/* Closing call to action */}
      <section aria-labelledby="cta-heading" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 sm:pb-24">
        <div className="flex flex-col items-center rounded-2xl border bg-linear-to-b from-primary/10 to-card px-6 py-14 text-center sm:px-12 sm:py-16">
          <h2 id="cta-heading" className="max-w-3xl text-h1 text-balance">
            Ready to share your next big idea?
          </h2>
          <p className="mt-4 max-w-xl text-base text-muted-foreground sm:text-lg">
            Join the community today. Browsing is free and open to everyone; an account lets you share, like and
            discuss.
          </p>
          <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link to="/auth">Join IdeaHub</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/">Browse Ideas &amp; Products</Link>
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}
