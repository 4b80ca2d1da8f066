import { ApiError } from './api-client';

/**
 * The API names the field at fault (`field`, and `errors` for validation failures) with messages that
 * start with the field's API name: "currentPassword is incorrect". This turns them into text to show
 * under the field, with the field's visible label: "Current password is incorrect".
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
