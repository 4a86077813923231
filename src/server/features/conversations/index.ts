/** The conversations feature's public entry: what other features may use of it. */
export { PRIVATE_MESSAGES_CHANNEL } from './live.ts';
export { deletePrivateMessage, findPrivateMessage, isMember } from './queries.ts';
