/**
 * One task at a time: each task starts after every earlier one has settled, so two writers of the
 * same stored value cannot drop each other's change. A failed task rejects only its own caller;
 * the queue moves on.
 */
export type SerialQueue = <T>(task: () => Promise<T>) => Promise<T>;

export function createSerialQueue(): SerialQueue {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.then(
      () => undefined,
      () => undefined, // the caller of `run` receives the failure; the queue only has to move on
    );
    return run;
  };
}
