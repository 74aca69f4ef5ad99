/** A suite or run name as a file name: letters, digits, dots and dashes. */
export function fileNameOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'suite'
  );
}
