/**
 * A schema built on first use, not when the contract loads. The browser's start-up evaluates every module of the
 * contract, and building its module-level schemas there took time from the first paint of pages that read none of
 * them (a GET's page never checks a request body). The value stands in for the schema itself — same type, same
 * methods, usable inside other schemas (zod reaches an inner schema only through its properties) — so no consumer
 * changes: `X.safeParse(v)`, `z.optional(X)`, `z.infer<typeof X>` all work as before.
 */
export function lazySchema<T extends object>(make: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= make());
  // The proxy's own target is an empty stand-in: every operation goes to the built schema. Descriptors are reported
  // configurable, as a proxy may not claim a fixed property its stand-in does not have.
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    has: (_, key) => Reflect.has(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
