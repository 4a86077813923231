/**
 * The item form's public entry: its schema over the raw form values and its fields, shared by the
 * share page and the Edit Idea dialog. It carries zod: import it only from code that is itself lazy.
 */
export {
  authorNameError,
  formValuesOf,
  hasErrors,
  PROFILE_NAME_HINT,
  toCreateInput,
  toUpdateInput,
  type EditableIdea,
  type IdeaFormValues,
} from './forms/idea-form';
export { showServerFieldErrors, useIdeaForm } from './forms/use-idea-form';
export {
  CategoryField,
  CurrencyField,
  DescriptionField,
  ImageUrlField,
  optional,
  PriceField,
  ProjectDetailsField,
  RatingField,
  TitleField,
} from './components/idea-fields';
export { TopicsFormField } from './components/topics-form-field';
export { GalleryField } from './components/gallery-field';
export { WebsiteField } from './components/website-field';
