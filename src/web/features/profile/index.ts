/** The profile feature's public entry: the signed-in person's own profile. */
export { useOwnProfile } from './api/profile';
