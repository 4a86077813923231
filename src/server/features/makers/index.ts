/** The makers feature's public entry: what other features may use of it. */
export { MAKER_ID, makerExists, makerPageOpens } from './queries.ts';
export { getMaker } from './service.ts';
