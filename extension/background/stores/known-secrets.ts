/**
 * Every secret value the worker holds, of every profile: API keys, client secrets (with their
 * client ids, for the Basic values made of both), and every access token, cached or recently
 * replaced. What must be masked wherever a call, a draft, an answer or a history entry is kept or
 * shown (src/redaction/known-secret-redaction.ts), and what no export may contain.
 *
 * While the lock holds the secrets, only the tokens are known (and locking drops those): a write
 * that needs the full set refuses with `vault_locked` rather than keep text it could not check.
 */
import {
  type CredentialPair,
  createRedactor,
  type KnownSecrets,
  type Redactor,
} from '../../../src/redaction/known-secret-redaction';
import { usesOAuth } from '../../../src/service/profile/profile';
import { loadSecrets } from './secret-store';
import { loadProfiles, StorageError } from './storage';
import { heldTokens } from './token-cache';

export async function allSecrets(): Promise<string[]> {
  return [...(await knownSecrets()).secrets];
}

export async function knownSecrets(): Promise<KnownSecrets> {
  const secrets: string[] = [];
  const pairs: CredentialPair[] = [];
  for (const profile of await loadProfiles()) {
    const { apiKey, clientSecret } = await loadSecrets(profile.id);
    if (apiKey !== undefined) secrets.push(apiKey);
    if (clientSecret !== undefined) {
      secrets.push(clientSecret);
      if (usesOAuth(profile.authMethod)) pairs.push({ clientId: profile.clientId, clientSecret });
    }
  }
  secrets.push(...(await heldTokens()));
  return { secrets, pairs };
}

/** The last redactor built, reused while the secrets are the same (building one costs regexes). */
let last: { key: string; redactor: Redactor } | null = null;

function redactorFor(known: KnownSecrets): Redactor {
  const key = JSON.stringify(known);
  if (last?.key !== key) last = { key, redactor: createRedactor(known) };
  return last.redactor;
}

/** The redactor of every secret but `revealed` (what the user asked to copy in clear). */
export async function redactorExcept(revealed: readonly string[]): Promise<Redactor> {
  const { secrets, pairs } = await knownSecrets();
  return redactorFor({
    secrets: secrets.filter((secret) => !revealed.includes(secret)),
    pairs: pairs.filter((pair) => !revealed.includes(pair.clientSecret)),
  });
}

/** The redactor of every secret; rejects with `vault_locked` while the lock holds them. */
export async function fullRedactor(): Promise<Redactor> {
  return redactorFor(await knownSecrets());
}

/**
 * The redactor for a reply to the panel: every secret, or while locked the tokens alone (all
 * that could be in a reply then: what is stored was redacted with every secret when written).
 */
export async function replyRedactor(): Promise<Redactor> {
  try {
    return await fullRedactor();
  } catch (error) {
    if (!(error instanceof StorageError) || error.appError.code !== 'vault_locked') throw error;
    return redactorFor({ secrets: await heldTokens(), pairs: [] });
  }
}
