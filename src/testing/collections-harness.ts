/**
 * What a test of the collection commands starts from: two saved collections (Shop and Billing) in a
 * fake worker that lists them and takes a put as it comes, the collection commands bound to it, and
 * the ids of the collections they said were changed, in order.
 */
import type { Collection } from '../collections/model';
import { createCollectionCommands } from '../workspace/collection-commands';
import { workspaceHarness } from './workspace-harness';

export const shop: Collection = {
  id: 'c1',
  name: 'Shop',
  auth: { method: 'apiKey', formEncodeCredentials: false },
  variables: [],
  items: [],
};
export const billing: Collection = { ...shop, id: 'c2', name: 'Billing' };

/** The harness with Shop and Billing saved, the collection commands and what they said changed. */
export function collectionsHarness() {
  const harness = workspaceHarness({
    'collections/list': () => ({ ok: true, value: { collections: [shop, billing] } }),
    'collections/put': ({ collection }) => ({ ok: true, value: { collection } }),
  });
  const commands = createCollectionCommands(harness.deps);
  const changed: string[] = [];
  commands.onChanged((id) => changed.push(id));
  return { ...harness, commands, changed };
}
