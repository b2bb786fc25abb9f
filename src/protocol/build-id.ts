/**
 * This build's id, set once per `vite build` (vite.config.ts `define`): the panel and the worker
 * built together carry the same id. The worker sends it with every message it refuses, so the
 * panel says "different builds" only when the two really are (an extension updated or reloaded
 * under an open panel), and otherwise what was refused, in plain words.
 */
declare const __PARTNER_API_BUILD__: string | undefined;

export const BUILD_ID: string =
  typeof __PARTNER_API_BUILD__ === 'string' ? __PARTNER_API_BUILD__ : 'unbuilt';

/** Whether a refusal came from a worker of another build than this page's. */
export function fromOtherBuild(error: { build?: string | undefined }, ours = BUILD_ID): boolean {
  return error.build !== undefined && error.build !== ours;
}
