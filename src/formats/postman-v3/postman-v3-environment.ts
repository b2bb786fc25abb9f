/**
 * A Postman 12 environment file, `postman/environments/<Name>.environment.yaml`: `name` and
 * `values: [{key, value, enabled, type}]`. A credential is written `type: secret` with an empty
 * value: Postman's `secret` only masks a value in its own output, the value would still sit in the
 * file, so the file holds none and the value is passed with `--env-var <key>=…` at run time.
 */

import { safeStem } from '../opencollection/opencollection-file-names';
import type { CollectionFile } from '../opencollection/opencollection-format';
import { toYaml } from '../opencollection/opencollection-format';
import { ENVIRONMENT_SUFFIX, ENVIRONMENTS_DIR, POSTMAN_DIR } from './postman-v3-format';

export interface EnvironmentRow {
  key: string;
  value: string;
  /** Written as `type: secret` with an empty value, whatever `value` holds. */
  secret: boolean;
}

export function environmentFile(name: string, rows: readonly EnvironmentRow[]): CollectionFile {
  const stem = safeStem(name, 'Environment');
  return {
    path: `${POSTMAN_DIR}/${ENVIRONMENTS_DIR}/${stem}${ENVIRONMENT_SUFFIX}`,
    text: toYaml({
      name,
      values: rows.map(({ key, value, secret }) => ({
        key,
        value: secret ? '' : value,
        enabled: true,
        type: secret ? 'secret' : 'default',
      })),
    }),
  };
}
