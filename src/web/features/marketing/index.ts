/** The marketing pages' public entry: the not-found page, which other pages show for an unknown address. */
export { default as NotFoundPage } from './pages/not-found-page';
