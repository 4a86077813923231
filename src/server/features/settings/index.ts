/** The settings feature's public entry: what other features may use of it. */
export { resetSettings, saveSettings } from './service.ts';
