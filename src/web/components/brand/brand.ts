/** Product name, as shown in the UI and document titles. */
export const BRAND_NAME = 'IdeaHub';

/** Tagline shown under the wordmark (landing page, auth screens). */
export const BRAND_TAGLINE = 'Discover brilliant ideas and amazing products';
