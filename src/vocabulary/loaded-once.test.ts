import { expect, it, vi } from 'vitest';
import { loadedOnce } from './loaded-once';

it('loads the module with its first use, and only then', async () => {
  const load = vi.fn(async () => ({ twice: (n: number) => n * 2 }));
  const withModule = loadedOnce(load);
  expect(load).not.toHaveBeenCalled();
  expect(await withModule((module) => module.twice(2))).toBe(4);
  expect(await withModule((module) => module.twice(3))).toBe(6);
  expect(load).toHaveBeenCalledTimes(1);
});

it('once loaded, uses the module within the call, before anything is awaited', async () => {
  const withModule = loadedOnce(async () => ({ note: (seen: string[]) => seen.push('used') }));
  await withModule(() => null);
  const seen: string[] = [];
  const using = withModule((module) => module.note(seen));
  expect(seen).toEqual(['used']);
  await using;
});

it('passes on what the use resolves with or rejects with', async () => {
  const withModule = loadedOnce(async () => ({}));
  expect(await withModule(async () => 'answer')).toBe('answer');
  await expect(withModule(async () => Promise.reject(new Error('refused')))).rejects.toThrow(
    'refused',
  );
});

it('tries the load again after it failed', async () => {
  const load = vi
    .fn<() => Promise<{ value: number }>>()
    .mockRejectedValueOnce(new Error('offline'))
    .mockResolvedValueOnce({ value: 1 });
  const withModule = loadedOnce(load);
  await expect(withModule((module) => module.value)).rejects.toThrow('offline');
  expect(await withModule((module) => module.value)).toBe(1);
});
