import { ApiError } from './api-client';

/**
 * The API names the field at fault in `field` beside a whole sentence in `message`, and lists validation failures in
 * `errors` as predicates read after the field ("must be at most 300 characters"). This gives each field its text to
 * show under it: the sentence, or the form's own label with the predicate ("Delivery address must be at most ...").
 * A message that still starts with the API name ("currentPassword is ...", from an older server) gets the label too.
 */
export function serverFieldErrors(error: unknown, labels: Record<string, string>): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const result: Record<string, string> = {};
  const add = (field: string, message: string, issueOnly: boolean) => {
    if (result[field]) return;
    const label = labels[field] ?? labels[field.split('.')[0] ?? ''] ?? field;
    if (message.startsWith(`${field} `)) result[field] = `${label} ${message.slice(field.length + 1)}`;
    else if (issueOnly) result[field] = `${label} ${message}`;
    else result[field] = message;
  };
  for (const item of error.fieldErrors) add(item.field, item.message, true);
  if (error.field) add(error.field, error.message, false);
  return result;
}
