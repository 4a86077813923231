/** The newsletter feature's public entry: the footer's 'Stay Updated' form. */
import { lazy } from 'react';

/** A chunk of its own: below the fold on every page, so not in the home page's first JavaScript. */
export const NewsletterForm = lazy(() => import('./components/newsletter-form'));
