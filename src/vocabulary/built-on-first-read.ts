/**
 * A table whose values are built the first time each is read, not when the module loads: the
 * message schemas (src/protocol/messages.ts) are read by the worker's router one kind at a time, so
 * a stopped worker woken by a Send builds the schemas of a Send and no others. Each key is an own,
 * enumerable property from the start (`Object.hasOwn` and `Object.keys` see every key); its getter
 * builds the value once, then replaces itself with that value.
 */
export function builtOnFirstRead<const T extends Record<string, () => unknown>>(
  builders: T,
): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const table = {};
  for (const [key, build] of Object.entries(builders)) {
    Object.defineProperty(table, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = build();
        Object.defineProperty(table, key, { value, enumerable: true, writable: false });
        return value;
      },
    });
  }
  return table as { readonly [K in keyof T]: ReturnType<T[K]> };
}
