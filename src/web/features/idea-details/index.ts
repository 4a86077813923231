/** The details page's public entry: fetching its code ahead of a click. */
export { prefetchIdeaDetails } from './prefetch';
