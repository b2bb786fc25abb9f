/**
 * A profile as the user types it (settings and, once, its secrets) and as the panel may see it
 * afterwards: every setting, secrets only masked. The message contract carries these shapes; the
 * service validates them (profile.ts).
 */
import * as v from 'valibot';
import { NameValueSchema, ShortTextSchema } from '../../vocabulary/schemas';
import { AUTH_METHODS, type AuthMethod, type NameValue } from '../../vocabulary/terms';
import type { StoredProfile } from '../storage/stored-shapes';
import { MAX_PROFILE_VARIABLES } from './profile-limits';
import type { DemoProfile } from './sandbox-demo';

export const ProfileInputSchema = v.strictObject({
  id: v.optional(v.pipe(v.string(), v.maxLength(64))),
  name: ShortTextSchema,
  authUrl: ShortTextSchema,
  baseUrl: ShortTextSchema,
  companyId: ShortTextSchema,
  authMethod: v.picklist(AUTH_METHODS),
  clientId: ShortTextSchema,
  formEncodeCredentials: v.boolean(),
  /** User-defined `{{name}}` variables of the profile (never secrets). */
  variables: v.pipe(v.array(NameValueSchema), v.maxLength(MAX_PROFILE_VARIABLES)),
});
export type ProfileInput = v.InferOutput<typeof ProfileInputSchema>;

/** Secrets travel panel -> worker once, when typed. Absent or empty means "keep what is stored". */
export const SecretsInputSchema = v.strictObject({
  apiKey: v.optional(ShortTextSchema),
  clientSecret: v.optional(ShortTextSchema),
});
export type SecretsInput = v.InferOutput<typeof SecretsInputSchema>;

/** What the panel may know about a profile: every setting, and secrets only as masked views. */
export type ProfileView = StoredProfile & {
  secrets: { apiKey: string | null; clientSecret: string | null };
};

export interface Warning {
  field: string;
  message: string;
}

/** What the New profile editor starts with: the sandbox's demo values, or a guess from an import. */
export type ProfilePrefill = Partial<DemoProfile> & {
  authMethod?: AuthMethod;
  variables?: NameValue[];
};
