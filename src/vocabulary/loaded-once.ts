/**
 * A module loaded with its first use, then used at once: an `import()` of a module already loaded
 * still resolves only after the page has had a turn (renders included), 1.7 - 2.9 ms in the panel,
 * so a command that awaited it on every use sent its message only after the page drew. `use`
 * runs synchronously within the call once the module is in.
 */
export function loadedOnce<M>(load: () => Promise<M>) {
  let loaded: M | null = null;
  return async <R>(use: (module: M) => R): Promise<Awaited<R>> => {
    loaded ??= await load();
    return await use(loaded);
  };
}
