/**
 * JSON pointers (RFC 6901) in the `#/paths/~1pets/get` form that `$ref`s use: how the OpenAPI
 * import names a place in a document, in its errors and in its summary.
 */

export const ROOT_POINTER = '#';

/** `~` and `/` escaped as `~0` and `~1`, so that the pointer splits back into the same keys. */
export function pointerTo(base: string, ...keys: readonly (string | number)[]): string {
  let pointer = base;
  for (const key of keys) pointer += `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
  return pointer;
}

/** A pointer as it appears in a sentence: whole when short, its head and tail when long. */
export function shownPointer(pointer: string): string {
  return pointer.length > 120 ? `${pointer.slice(0, 50)}…${pointer.slice(-60)}` : pointer;
}
