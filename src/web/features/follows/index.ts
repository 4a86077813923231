/** The follows feature's public entry: the Follow button (makers and topics), a follow's state, and the profile's list of followed makers and topics. */
export { FollowButton } from './components/follow-button';
export { FollowedList } from './components/followed-list';
export { useFollowState } from './api/follow';
