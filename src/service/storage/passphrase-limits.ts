/**
 * How long a passphrase of the lock may be. A file of its own, with nothing else in it, so that the
 * panel's passphrase forms can bound what they pass on without loading the vault.
 */
export const MIN_PASSPHRASE_LENGTH = 8;
export const MAX_PASSPHRASE_LENGTH = 1024;
