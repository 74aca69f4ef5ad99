import type { CatalogEntry } from '../lib';

/**
 * The browser's own suggestions for an id input (`<TextInput list={id}>`): each id the console has seen, its name
 * beside it. Not Mantine's Autocomplete: its combobox and popover positioning are ≈25 KB gzip, more than a page's
 * own code for one list of ids. Rendered even when empty, so the input is one kind of control (a combobox) whatever
 * the catalog holds.
 */
export function CatalogDatalist({ id, entries }: { id: string; entries: readonly CatalogEntry[] }) {
  return (
    <datalist id={id}>
      {entries.map((e) => (
        <option key={e.id} value={e.id}>
          {e.label ? `${e.label} · ${e.id}` : e.id}
        </option>
      ))}
    </datalist>
  );
}
