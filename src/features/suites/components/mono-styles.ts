/** Textarea styles for JSON typed in the editor: monospace, small. */
export const monoInput = {
  input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' },
};
