import { msg } from '@lingui/core/macro';
import { ApiError } from './api-client';
import { i18n } from './i18n';

/**
 * A validation text in the screens' language. The contract words its rules in English, marked for translation with
 * the English as the id (`src/locales/{en,id}/contract.po`): a form's own check (zod, with the contract's schemas)
 * gives that English, which is read here in the current language. A text that is no message id (one the API sent,
 * already in the screen's language, or a form's own words) is kept as it is.
 */
export function formErrorText(text: string): string {
  return Object.hasOwn(i18n.messages, text) ? i18n._(text) : text;
}

/**
 * A field's label and a predicate read after it ("Delivery address" + "must be at most 300 characters"), as one
 * message, the way the API puts them together: each language orders and joins them its own way.
 */
export function fieldErrorSentence(label: string, rule: string): string {
  const predicate = formErrorText(rule);
  return i18n._(msg`${label} ${predicate}`);
}

/**
 * The API names the field at fault in `field` beside a whole sentence in `message`, and lists validation failures in
 * `errors` as predicates read after the field ("must be at most 300 characters"). This gives each field its text to
 * show under it: the sentence, or the form's own label with the predicate ("Delivery address must be at most ...").
 * A message that still starts with the API name ("currentPassword is ...", from an older server) gets the label too.
 * The API words its texts in the screens' language (the app sends Accept-Language); an English contract text is
 * read in the current language all the same.
 */
export function serverFieldErrors(error: unknown, labels: Record<string, string>): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const result: Record<string, string> = {};
  const add = (field: string, message: string, issueOnly: boolean) => {
    if (result[field]) return;
    const label = labels[field] ?? labels[field.split('.')[0] ?? ''] ?? field;
    if (message.startsWith(`${field} `)) result[field] = fieldErrorSentence(label, message.slice(field.length + 1));
    else if (issueOnly) result[field] = fieldErrorSentence(label, message);
    else result[field] = formErrorText(message);
  };
  for (const item of error.fieldErrors) add(item.field, item.message, true);
  if (error.field) add(error.field, error.message, false);
  return result;
}
