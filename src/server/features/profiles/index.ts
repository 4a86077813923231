/** The profiles feature's public entry: what other features may use of it. */
export { ensureProfile, toProfile } from './service.ts';
