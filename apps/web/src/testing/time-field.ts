/** The times a 'Set time' field offers under it (its datalist), in order. */
export function offeredTimes(field: HTMLElement): string[] {
  const list = field.getAttribute('list');
  const options = list ? document.getElementById(list)?.querySelectorAll('option') : undefined;
  return [...(options ?? [])].map((option) => option.value);
}
