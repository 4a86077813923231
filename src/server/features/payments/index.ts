/** The payments feature's public entry: what other features may use of it. */
export { createPaymentProviders } from './providers.ts';
export { registerPaymentRoutes } from './routes.ts';
