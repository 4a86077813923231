import { FileText } from 'lucide-react';

import { type LegalSection, LegalLink, LegalList, LegalPage, Term } from '../components/legal-page';

const SUPPORT_EMAIL = 'support@ideahub.app';

const sections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    content: (
      <p>
        By creating an account or using IdeaHub you agree to these terms and to our{' '}
        <LegalLink href="/privacy">Privacy Policy</LegalLink>. If you do not agree, please do not use the
        platform. You must be at least 13 years old, and old enough to enter into a binding agreement where you
        live, to create an account.
      </p>
    ),
  },
  {
    id: 'your-account',
    title: 'Your account',
    content: (
      <LegalList>
        <li>Give accurate information when you sign up and keep your profile up to date.</li>
        <li>Keep your password safe. You are responsible for everything that happens under your account.</li>
        <li>One person, one account. Accounts may not be shared, sold or transferred.</li>
        <li>
          Tell us straight away at <LegalLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</LegalLink> if
          you think someone else has accessed your account.
        </li>
      </LegalList>
    ),
  },
  {
    id: 'sharing-limits',
    title: 'Sharing limits and premium',
    content: (
      <>
        <p>To keep IdeaHub thoughtful rather than noisy, sharing is paced:</p>
        <LegalList>
          <li>
            You can share <Term>one idea every 3 days</Term>.
          </li>
          <li>
            You can share <Term>one product every 24 hours</Term>.
          </li>
        </LegalList>
        <p>
          Contributing unlocks more of the platform. Members reach <Term>premium after 20+ quality contributions</Term>,
          which gives access to premium features and detailed information: full descriptions and discussions on
          every idea.
        </p>
        <p>Before you share, your profile must include your full name and a way for members to contact you.</p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>IdeaHub is a community. When you use it, you agree not to:</p>
        <LegalList>
          <li>post content that is illegal, misleading, hateful, harassing, sexually explicit or violent;</li>
          <li>share anything you do not have the right to share, including other people&apos;s ideas or personal data;</li>
          <li>post spam, repeated or meaningless content, or try to get around the sharing limits;</li>
          <li>impersonate anyone, or misrepresent the price, condition or ownership of what you offer;</li>
          <li>scrape, overload, probe or interfere with the platform or other members&apos; accounts.</li>
        </LegalList>
        <p>We may remove content or restrict accounts that break these rules.</p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Ownership of your content',
    content: (
      <>
        <p>
          You keep ownership of the ideas, products, images and messages you share. By posting them, you give
          IdeaHub a worldwide, non-exclusive, royalty-free licence to host, display and distribute them on the
          platform, for as long as they remain on it.
        </p>
        <p>
          You are responsible for what you post and confirm that you have the right to share it. IdeaHub, its
          name, logo and design belong to us and may not be used without our permission.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    content: (
      <p>
        Paying for ideas and premium access is <Term>coming soon</Term>. Until it launches, no payments are
        processed on IdeaHub: please contact a creator directly about anything you want to buy. Any deal you
        make with another member is between you and them. Coupons you earn have no cash value and may not be
        sold.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    content: (
      <p>
        You may stop using IdeaHub at any time and ask us to delete your account. We may suspend or close an
        account, or remove content, if it breaks these terms, puts other members at risk or exposes us to legal
        liability. Where reasonable, we will tell you why and give you a chance to respond.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers and liability',
    content: (
      <p>
        IdeaHub is provided &ldquo;as is&rdquo;. Ideas and products are shared by members, not by us, and we do
        not guarantee their accuracy, quality or value. To the extent the law allows, IdeaHub is not liable for
        indirect or consequential losses arising from your use of the platform or from dealings between members.
        These terms are governed by the laws of the Federal Republic of Nigeria.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms from time to time. The date at the top of this page shows when they last
        changed; if a change is significant we will let you know before it takes effect. Continuing to use
        IdeaHub afterwards means you accept the updated terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        Questions about these terms? Write to <LegalLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</LegalLink>.
        IdeaHub is based in Lagos, Nigeria.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      metaTitle="Terms of Service | IdeaHub"
      metaDescription="The rules for using IdeaHub: your account, sharing limits (one idea every 3 days, one product every 24 hours), premium after 20+ quality contributions, acceptable use, your content and payments."
      heading="Terms of Service"
      icon={FileText}
      intro={
        <p>
          These terms set out the rules for using IdeaHub, the platform for sharing brilliant ideas and
          discovering amazing products. Please read them carefully: they explain what you can expect from us and
          what we expect from you.
        </p>
      }
      sections={sections}
    />
  );
}
