/**
 * What the collection's ⋯ menu asks of the worker, as plain functions taking the commands'
 * dependencies: Connect folder (the worker opens the tab that asks for the folder), Export
 * collection or for Postman (v2.1), and Export for Bruno (the folder's files, with the profiles
 * chosen as environments). Each answers what the worker gave, or null with the error shown as the
 * collections slice's error; a success clears that error. Loaded with the collection views.
 */
import type { Result } from '../vocabulary/errors';
import type { CommandDeps } from './ask';

/** A reply's value, or null; its error shown, or the error cleared. */
function shown<T>({ dispatch }: CommandDeps, reply: Result<T>): T | null {
  dispatch({ type: 'collections/error', error: reply.ok ? null : reply.error });
  return reply.ok ? reply.value : null;
}

export const connectFolder = async (deps: CommandDeps, id: string) =>
  void shown(deps, await deps.ask('collections/connect-folder', { id, reconnect: false }));

/** The file's name and text, or null (the error shown). */
export const exportFile = async (deps: CommandDeps, id: string, format: 'native' | 'postman') =>
  shown(deps, await deps.ask('collections/export', { id, format }));

export const exportFolder = async (deps: CommandDeps, id: string, profileIds: string[]) =>
  shown(deps, await deps.ask('collections/export-folder', { id, profileIds }));
