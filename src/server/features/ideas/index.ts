/** The ideas feature's public entry: what other features may use of it. */
export { requireIdea } from './idea-lookup.ts';
export { shownImageUrl } from './image-url.ts';
export { ideaExists } from './manage-queries.ts';
export { deleteLockedIdea, type Removal, removeIdea } from './manage-service.ts';
export { descriptionPreview, ideaCardColumns, likedByViewer, searchMatch } from './queries.ts';
export { browseIdeas, IDEA_NOT_FOUND, toIdeaCard } from './service.ts';
export { allowedImageTypes, maxUploadBytes } from './upload-service.ts';
