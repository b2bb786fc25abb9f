/**
 * Export for Postman 12, loaded on its first click: the worker's v2.1 export (through the export
 * secret linter) made into a zip of Postman 12's git-native folder, named after the profile in
 * use as the worker's export is (the active profile, else the first), and the command that runs
 * it with Postman's CLI.
 */

import { postmanV3Download } from '../../../../src/formats/postman-v3/postman-v3-download';
import type { ProfileView } from '../../../../src/service/profile/profile-input';

export function postman12File(
  v21: { fileName: string; text: string },
  profiles: readonly ProfileView[],
  activeProfileId: string | null,
): { fileName: string; text: Blob; command: string } {
  const profile = profiles.find(({ id }) => id === activeProfileId) ?? profiles[0];
  const { fileName, zip, command } = postmanV3Download(
    v21.text,
    v21.fileName,
    profile?.name ?? 'Partner API',
  );
  return { fileName, text: new Blob([zip], { type: 'application/zip' }), command };
}
