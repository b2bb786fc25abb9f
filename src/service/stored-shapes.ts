/**
 * The shapes this extension keeps in `storage.local`, as runtime schemas: whatever is read back is
 * checked before use, so a corrupt or foreign record is reported instead of half-used.
 */
import * as v from 'valibot';
import { AUTH_METHODS, HTTP_METHODS } from '../protocol/messages';

export const STORAGE_SCHEMA_VERSION = 1;

/** Profile ids become storage lookups: keep them to a safe alphabet. */
export const ProfileIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));

export const StoredProfileSchema = v.strictObject({
  id: ProfileIdSchema,
  name: v.string(),
  authUrl: v.string(),
  baseUrl: v.string(),
  companyId: v.string(),
  authMethod: v.picklist(AUTH_METHODS),
  clientId: v.string(),
  /** OAuth (Basic header): form-encode id and secret before base64 (RFC 6749 section 2.3.1). */
  formEncodeCredentials: v.boolean(),
  variables: v.array(v.strictObject({ name: v.string(), value: v.string() })),
});

/** A profile's settings as stored: everything but its secrets. */
export type StoredProfile = v.InferOutput<typeof StoredProfileSchema>;

export const StoredSecretRecordSchema = v.strictObject({
  profileId: ProfileIdSchema,
  apiKey: v.optional(v.string()),
  clientSecret: v.optional(v.string()),
});
export type StoredSecretRecord = v.InferOutput<typeof StoredSecretRecordSchema>;

export const StoredProfilesSchema = v.array(StoredProfileSchema);
export const StoredSecretsSchema = v.array(StoredSecretRecordSchema);
export const ActiveProfileSchema = v.nullable(ProfileIdSchema);

const NameValueList = v.array(v.strictObject({ name: v.string(), value: v.string() }));

export const StoredHistorySchema = v.array(
  v.strictObject({
    profileId: ProfileIdSchema,
    entry: v.strictObject({
      id: v.string(),
      at: v.number(),
      method: v.picklist(HTTP_METHODS),
      path: v.string(),
      query: NameValueList,
      headers: NameValueList,
      body: v.string(),
      bodyDropped: v.boolean(),
      status: v.nullable(v.number()),
      durationMs: v.nullable(v.number()),
      errorCode: v.nullable(v.string()),
    }),
  }),
);
