/** The discussion feature's public entry: what other features may use of it. */
export { deleteMessageWithin, discussionAccess } from './service.ts';
