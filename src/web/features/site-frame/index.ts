/** The site's frame: the header and the footer of every public page (they gather the session, the bell and the newsletter form), and the signed-in actions the admin panel's bar shares. */
export { SignedInActions, SiteHeader } from './components/site-header';
export { SiteFooter } from './components/site-footer';
