/**
 * What `npm run package` checks in the zips it wrote (scripts/package.ts), before it says they
 * are ready for the stores; each check returns the problems it found, as sentences, and nothing
 * when the zip is right.
 * - The Chrome zip: its manifest at the root, version as in the source manifest, exactly the
 *   permissions the extension uses (docs/security.md explains each), no content scripts, no
 *   web-accessible resources and no external messaging (nothing the inspected page could reach);
 *   every icon the manifest names present as a PNG of the size it is named for; the zip under
 *   CHROME_ZIP_MAX_BYTES (today's build is about 0.4 MB; the bound catches a build that carries
 *   source maps, a dev build or node_modules by mistake).
 * - The Firefox zip: Mozilla's addons-linter (what addons.mozilla.org runs on upload) reports no
 *   error. Its warnings are printed, not fatal.
 */
import { unzipSync } from 'fflate';

/** 2 MiB: a stated bound, about four times today's zip. */
export const CHROME_ZIP_MAX_BYTES = 2 * 1024 * 1024;

/** Exactly what the extension asks for (tests/unit/manifest.test.ts says why each). */
export const EXPECTED_PERMISSIONS = {
  permissions: ['storage', 'unlimitedStorage', 'declarativeNetRequestWithHostAccess', 'webRequest'],
  host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
  optional_host_permissions: ['https://*/*'],
} as const;

/** Keys that would open the extension to web pages or other extensions. */
const FORBIDDEN_KEYS = ['content_scripts', 'web_accessible_resources', 'externally_connectable'];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG's width and height from its IHDR chunk; null when the bytes are no PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function sameList(actual: unknown, expected: readonly string[]): boolean {
  return (
    Array.isArray(actual) &&
    actual.length === expected.length &&
    [...actual].sort().every((item, index) => item === [...expected].sort()[index])
  );
}

function iconProblems(files: Record<string, Uint8Array>, icons: unknown): string[] {
  if (typeof icons !== 'object' || icons === null || Object.keys(icons).length === 0) {
    return ['The manifest names no icons: the store needs at least the 128 px one.'];
  }
  const problems: string[] = [];
  for (const [size, path] of Object.entries(icons as Record<string, unknown>)) {
    const bytes = typeof path === 'string' ? files[path] : undefined;
    if (bytes === undefined) {
      problems.push(`Icon ${size} (${String(path)}) is not in the zip.`);
      continue;
    }
    const found = pngSize(bytes);
    if (found === null) problems.push(`Icon ${size} (${path}) is not a PNG.`);
    else if (found.width !== Number(size) || found.height !== Number(size)) {
      problems.push(
        `Icon ${size} (${path}) is ${found.width}x${found.height}, not ${size}x${size}.`,
      );
    }
  }
  return problems;
}

/** The problems of a Chrome Web Store zip; `maxBytes` is CHROME_ZIP_MAX_BYTES unless a test says. */
export function checkChromeZip(
  zip: Uint8Array,
  expectedVersion: string,
  maxBytes = CHROME_ZIP_MAX_BYTES,
): string[] {
  const problems: string[] = [];
  if (zip.byteLength > maxBytes) {
    problems.push(
      `The zip is ${(zip.byteLength / 1024).toFixed(0)} KB, over the ${(maxBytes / 1024).toFixed(0)} KB bound: is a dev build, source maps or node_modules in dist/?`,
    );
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip);
  } catch (error) {
    return [...problems, `The zip cannot be read: ${String(error)}.`];
  }
  const text = files['manifest.json'];
  if (text === undefined) return [...problems, 'The zip has no manifest.json at its root.'];
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(new TextDecoder().decode(text)) as Record<string, unknown>;
  } catch (error) {
    return [...problems, `manifest.json is not JSON: ${String(error)}.`];
  }
  if (manifest.manifest_version !== 3) problems.push('The manifest is not Manifest V3.');
  if (manifest.version !== expectedVersion) {
    problems.push(
      `The manifest's version is ${String(manifest.version)}, not ${expectedVersion} (manifest.json).`,
    );
  }
  for (const [key, expected] of Object.entries(EXPECTED_PERMISSIONS)) {
    if (!sameList(manifest[key], expected)) {
      problems.push(
        `${key} is ${JSON.stringify(manifest[key] ?? null)}, not ${JSON.stringify(expected)}: a change of permissions needs docs/security.md and this check updated.`,
      );
    }
  }
  if (manifest.optional_permissions !== undefined) {
    problems.push(
      `optional_permissions ${JSON.stringify(manifest.optional_permissions)} appeared.`,
    );
  }
  for (const key of FORBIDDEN_KEYS) {
    if (key in manifest) problems.push(`The manifest has ${key}: pages could reach the extension.`);
  }
  return [...problems, ...iconProblems(files, manifest.icons)];
}

interface LinterMessage {
  code: string;
  message: string;
  file?: string;
}

/** addons-linter's errors and warnings for an add-on zip (or folder). */
export async function lintFirefoxZip(
  path: string,
): Promise<{ errors: LinterMessage[]; warnings: LinterMessage[] }> {
  // Loaded here only: it is large, and only packaging needs it.
  const { default: linter } = await import('addons-linter');
  const instance = linter.createInstance({
    config: {
      _: [path],
      logLevel: 'fatal',
      stack: false,
      pretty: false,
      warningsAsErrors: false,
      metadata: false,
      output: 'none',
      boring: true,
      selfHosted: false,
    },
    runAsBinary: false,
  });
  const result = await instance.run();
  return { errors: result.errors, warnings: result.warnings };
}

/** The problems of an addons.mozilla.org zip: addons-linter's errors, as sentences. */
export async function checkFirefoxZip(path: string): Promise<string[]> {
  const { errors } = await lintFirefoxZip(path);
  return errors.map(
    (error) =>
      `addons-linter: ${error.code}: ${error.message}${error.file ? ` (${error.file})` : ''}`,
  );
}
