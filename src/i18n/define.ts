/** A message table of one area: English is the reference; zh-CN must have exactly its keys. */
export type Messages = Readonly<Record<string, string>>;

export interface AreaMessages<E extends Messages> {
  en: E;
  zhCN: { readonly [K in keyof E]: string };
}

/**
 * Declares the messages of one area. The Chinese table is checked against the English one:
 * a missing key and an extra key are both type errors (object-literal excess property check).
 */
export function defineMessages<const E extends Messages>(messages: {
  en: E;
  zhCN: { readonly [K in keyof NoInfer<E>]: string };
}): AreaMessages<E> {
  return messages;
}
