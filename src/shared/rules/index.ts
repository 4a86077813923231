/** Product rules shared by the server and the web app: pure functions, `now` always passed in. */
export * from './analytics.ts';
export * from './date-format.ts';
export * from './eligibility.ts';
export * from './periodic-dialog.ts';
export * from './premium.ts';
export * from './share-text.ts';
