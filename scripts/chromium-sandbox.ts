/**
 * When `npm start` must turn off Chromium's sandbox (`--no-sandbox`), and only then: Chromium
 * refuses to start sandboxed as root, and cannot sandbox where user namespaces are off (some
 * containers); everyone else keeps a fully sandboxed browser and no "unsupported command-line
 * flag" bar. The e2e tests and the bench always pass it: they run headless, as root in CI.
 */

/** The flag to add before the first launch: only for root on Linux, which is known up front. */
export function sandboxFlags(platform: NodeJS.Platform, uid: number | null): string[] {
  return platform === 'linux' && uid === 0 ? ['--no-sandbox'] : [];
}

/** Whether a failed launch failed for want of a usable sandbox (then a retry without one helps). */
export function isSandboxFailure(message: string): boolean {
  return /no usable sandbox|--no-sandbox|setuid sandbox|namespace sandbox/i.test(message);
}
