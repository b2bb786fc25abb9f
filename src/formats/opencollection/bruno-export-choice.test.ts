/** Export for Bruno's choices: which profiles become environments, and the bru run command shown after. */
import { describe, expect, it } from 'vitest';
import {
  bruRunCommand,
  defaultExportProfiles,
  environmentProfiles,
  exportedEnvironments,
  offeredExportProfiles,
} from './bruno-export-choice';

const profiles = [
  { id: 'p1', name: 'Broken OAuth', authMethod: 'oauthBasic' },
  { id: 'p2', name: 'Sandbox', authMethod: 'apiKey' },
  { id: 'p3', name: 'Staging', authMethod: 'apiKey' },
] as const;

describe('which profiles Export for Bruno writes as environments', () => {
  it('ticks only the active profile at first, and none when there is no active one', () => {
    expect(defaultExportProfiles(profiles, 'p2')).toEqual(['p2']);
    expect(defaultExportProfiles(profiles, 'gone')).toEqual([]);
    expect(defaultExportProfiles(profiles, null)).toEqual([]);
  });

  it('offers the profiles of the collection’s auth method first', () => {
    expect(offeredExportProfiles(profiles, 'apiKey').map(({ id }) => id)).toEqual([
      'p2',
      'p3',
      'p1',
    ]);
  });

  it('writes exactly the chosen ones in saved order; with no choice, the method’s or the active', () => {
    const ids = (list: readonly { id: string }[]) => list.map(({ id }) => id);
    expect(ids(environmentProfiles(profiles, 'apiKey', 'p2', ['p3', 'p1']))).toEqual(['p1', 'p3']);
    expect(ids(environmentProfiles(profiles, 'apiKey', 'p2', []))).toEqual([]);
    expect(ids(environmentProfiles(profiles, 'apiKey', 'p2'))).toEqual(['p2', 'p3']);
    expect(ids(environmentProfiles(profiles, 'oauthBody', 'p3'))).toEqual(['p3']);
    expect(ids(environmentProfiles([], 'oauthBody', null))).toEqual([]);
  });
});

describe('the bru run command the panel shows', () => {
  it('names the environment file the export wrote', () => {
    const files = [
      { path: 'opencollection.yml' },
      { path: 'environments/Team sandbox.yml' },
      { path: 'List products.yml' },
    ];
    expect(exportedEnvironments(files)).toEqual(['Team sandbox']);
    expect(bruRunCommand('Team sandbox', 'apiKey')).toBe(
      `npx bru run --env 'Team sandbox' --env-var apiKey="$PARTNER_API_KEY" --reporter-junit results.xml`,
    );
    expect(bruRunCommand('Sandbox', 'oauthBody')).toBe(
      'npx bru run --env Sandbox --env-var clientSecret="$PARTNER_CLIENT_SECRET" --reporter-junit results.xml',
    );
    expect(bruRunCommand("Ada's", 'apiKey')).toContain(`--env 'Ada'\\''s'`);
    expect(bruRunCommand(null, 'apiKey')).toBeNull();
  });
});
