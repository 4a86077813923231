/** The ideas feature's public entry: the item card and its actions, one's own and saved items, and eligibility. */
export { GRID_CLASSES, IdeaCard, IdeaCardSkeleton } from './components/idea-card';
export { CardActionsProvider, IdeaCardActions } from './components/idea-card-actions';
export { useOwnIdeas, useOwnStats } from './api/own-ideas';
export { useSavedIdeas } from './api/saved';
export { toEligibility, useEligibility } from './api/eligibility';
export { IdeasBrowser } from './components/ideas-browser';
