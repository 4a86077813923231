/** The topics feature's public entry: the form's topics picker. */
export { TopicsField } from './components/topics-field';
