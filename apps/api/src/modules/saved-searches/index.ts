// The saved-searches domain's public entry: saved searches, their digests and the one-click unsubscribe.
export { createSavedSearchesService, type SavedSearchesService } from './saved-searches.service';
export { savedSearchesRoutes } from './saved-searches.routes';
export { savedSearchDigestsJob, sendDueDigests, type DigestDeps } from './saved-searches.digest';
export { savedSearchMailTemplates } from './saved-searches.messages';
