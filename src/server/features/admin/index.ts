/** The admin feature's public entry: what other features may use of it. */
export { staffFor } from './access.ts';
