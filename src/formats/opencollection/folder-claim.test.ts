import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeFolderHandle } from '../../testing/fixtures/opencollection/node-folder-handle';
import { folderClaimProblem } from './folder-claim';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'folder-claim-'));
  for (const path of ['repo/api/orders', 'repo/web', 'elsewhere'])
    await mkdir(join(root, path), { recursive: true });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const at = (path: string) => nodeFolderHandle(join(root, path));

describe('one collection per folder', () => {
  it('refuses a folder another collection keeps, saying what to do', async () => {
    const claims = [{ collectionId: 'orders', handle: at('repo/api') }];
    const problem = await folderClaimProblem('team', at('repo/api'), claims);
    expect(problem).toBe(
      'The folder “api” already keeps another collection. A folder keeps one collection. Choose another folder (an empty one, or a folder of its own in your repository), or first choose Disconnect folder in the ⋯ actions of the collection kept there.',
    );
  });

  it('refuses a folder inside or around another collection’s folder', async () => {
    const claims = [{ collectionId: 'orders', handle: at('repo/api') }];
    expect(await folderClaimProblem('team', at('repo/api/orders'), claims)).toContain(
      'The folder “orders” is inside “api”, which keeps another collection.',
    );
    expect(await folderClaimProblem('team', at('repo'), claims)).toContain(
      'The folder “repo” holds “repo/api”, which keeps another collection.',
    );
  });

  it('lets a collection choose its own folder again, and any folder apart from the others', async () => {
    const claims = [
      { collectionId: 'orders', handle: at('repo/api') },
      { collectionId: 'team', handle: at('elsewhere') },
    ];
    expect(await folderClaimProblem('orders', at('repo/api'), claims)).toBeNull();
    expect(await folderClaimProblem('team', at('repo/web'), claims)).toBeNull();
    expect(await folderClaimProblem('web', at('repo/web'), claims)).toBeNull();
  });
});
