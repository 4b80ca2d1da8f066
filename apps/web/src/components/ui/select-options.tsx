/** A select's <option>s, one an item: what it sends (`value`) and what it reads (`label`). */
export function SelectOptions<T>({ items, value, label }: { items: readonly T[]; value: (item: T) => string | number; label: (item: T) => string }) {
  return items.map((item) => (
    <option key={value(item)} value={value(item)}>
      {label(item)}
    </option>
  ));
}
