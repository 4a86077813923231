/** The messages feature's public entry: contacting a creator, and the dashboard's Messages tab. */
export { ContactButton } from './components/contact-button';
export { MessagesTab, MessagesTabCount } from './components/messages-tab';
export { CONTACT_FAILED, contactCreator } from './lib/contact';
