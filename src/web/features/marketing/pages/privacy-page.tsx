import { ShieldCheck } from 'lucide-react';

import { type LegalSection, LegalLink, LegalList, LegalPage, Term } from '../components/legal-page';

const SUPPORT_EMAIL = 'support@ideahub.app';

const sections: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    content: (
      <>
        <p>We collect only what we need to run IdeaHub and to give you the features you use:</p>
        <LegalList>
          <li>
            <Term>Account information.</Term> Your full name, email address and password when you sign up. We
            never store your password itself, only a secure one-way hash of it. If you continue with Google, we
            receive your name and email address from Google.
          </li>
          <li>
            <Term>Profile information.</Term> Anything you choose to add to your profile: contact information,
            phone number, bio, industry, education, address, country, state, local government area and skills.
            You may also add <Term>banking details</Term> (bank name, account number and account name) and an{' '}
            <Term>emergency contact</Term> (next of kin name and phone). These are optional, and your banking and
            emergency contact details are never shown to other people.
          </li>
          <li>
            <Term>Content you share.</Term> The ideas and products you publish, with their titles, descriptions,
            prices, images, project details and ratings.
          </li>
          <li>
            <Term>Likes and messages.</Term> The items you like and the messages you post in an item&apos;s
            discussion.
          </li>
          <li>
            <Term>Technical information.</Term> Limited data that every web service handles, such as your IP
            address, browser type and the time of a request, kept in short-lived server logs for security and
            troubleshooting.
          </li>
        </LegalList>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use your information',
    content: (
      <>
        <LegalList>
          <li>To create and secure your account, keep you signed in and send account emails, such as confirming your address.</li>
          <li>
            To publish what you share. Your name appears with your ideas and products, and the contact
            information on your profile is shown to signed-in members so they can reach you about your work.
          </li>
          <li>To apply the sharing limits and work out when premium features unlock for you.</li>
          <li>To show likes and discussions, and to assign and track the coupons you earn.</li>
          <li>
            To count how often each idea or product is viewed, so its maker can see how it is received. A view is
            counted once a day per reader, recognised by a code made from your account (or your address and browser)
            and a random value that is thrown away each day; only the number of views is kept, never who viewed.
          </li>
          <li>To prevent abuse, spam and fraud, and to keep IdeaHub reliable.</li>
        </LegalList>
        <p>
          We do not sell your personal information and we do not show third-party advertising. We share data only
          with service providers that help us operate IdeaHub (for example, to deliver email), under agreements
          that protect it, or when the law requires us to.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    content: (
      <>
        <p>
          IdeaHub uses a single <Term>session cookie</Term> to keep you signed in. It is set when you sign in,
          cannot be read by scripts on the page, and stops working when you sign out or the session expires.
        </p>
        <p>
          We use no advertising, analytics or third-party tracking cookies. A few small preferences, such as your
          light or dark theme, are kept in your browser&apos;s local storage on your device and never leave it.
        </p>
      </>
    ),
  },
  {
    id: 'storage-and-security',
    title: 'Storage and security',
    content: (
      <>
        <p>
          Your information is stored in our own database, and connections to IdeaHub are encrypted in transit.
          Passwords are hashed with a modern algorithm designed for the purpose, sign-in attempts are rate limited,
          and access to personal data within our team is restricted to the people who need it.
        </p>
        <p>
          Images you upload are re-processed before they are published, which removes hidden metadata such as
          the location a photo was taken. We keep your information for as long as your account is active; content
          you delete is removed from the platform.
        </p>
        <p>No system is perfectly secure, but we work hard to protect your data and will tell you promptly if a breach affects you.</p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <p>
          Depending on where you live, including under the Nigeria Data Protection Act 2023 and the GDPR, you
          have the right to:
        </p>
        <LegalList>
          <li>access the personal information we hold about you and receive a copy of it;</li>
          <li>correct it, most of which you can do yourself from your profile at any time;</li>
          <li>delete the ideas and products you shared, or ask us to delete your account entirely;</li>
          <li>object to or restrict how we use your information, and withdraw any consent you gave.</li>
        </LegalList>
        <p>
          To exercise any of these rights, email us at <LegalLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</LegalLink>.
          We answer within 30 days. You can also complain to your local data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        We may update this policy as IdeaHub grows. The date at the top of this page shows when it last changed,
        and we will let you know by email or on the site before any significant change takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        Questions about your privacy or this policy? Write to{' '}
        <LegalLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</LegalLink>. IdeaHub is based in Lagos,
        Nigeria. See also our <LegalLink href="/terms">Terms of Service</LegalLink>.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      metaTitle="Privacy Policy | IdeaHub"
      metaDescription="How IdeaHub collects, uses and protects your information: your account, profile, the ideas you share, likes and messages, our single session cookie and your rights."
      heading="Privacy Policy"
      icon={ShieldCheck}
      intro={
        <p>
          Your privacy matters to us. This policy explains what information IdeaHub collects when you browse,
          share ideas and products or join the discussion, how we use it, and the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
