/**
 * File and folder names for a collection folder that every OS and git accept: no characters that
 * Windows, macOS or Linux refuse (`<>:"/\|?*`, control characters), no Windows device names
 * (`CON`, `COM1`, …), no leading dot (hidden files) or trailing dot or space, at most 100
 * characters, and unique within their folder even where names differ only in case or Unicode form
 * (case-insensitive file systems). The request's own name stays in its file (`info.name`); the
 * file name only has to be safe, stable and readable.
 */

const MAX_STEM = 100;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we replace
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;
const DEVICE = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(?:\..*)?$/i;

/** A safe file stem for `name` (no extension), `fallback` when nothing of it is left. */
export function safeStem(name: string, fallback: string): string {
  let stem = name.normalize('NFC').replace(UNSAFE, '-').replace(/\s+/g, ' ').trim();
  stem = stem.replace(/^[.\s]+/, '');
  if (stem.length > MAX_STEM) {
    stem = stem.slice(0, MAX_STEM);
    // Never cut a surrogate pair in half.
    if (/[\uD800-\uDBFF]$/.test(stem)) stem = stem.slice(0, -1);
  }
  stem = stem.replace(/[.\s]+$/, '');
  if (stem === '') return fallback;
  return DEVICE.test(stem) ? `${stem}_` : stem;
}

/**
 * Hands out names within one folder: each stem once, compared as a case-insensitive file system
 * would; a taken stem gets ` (2)`, ` (3)`, … Names in `reserved` (such as `folder.yml`) are never
 * handed out.
 */
export class FolderNames {
  private readonly taken = new Set<string>();

  constructor(reserved: readonly string[] = []) {
    for (const name of reserved) this.taken.add(FolderNames.key(name));
  }

  private static key(name: string): string {
    return name.normalize('NFC').toLowerCase();
  }

  /** A unique name `stem + extension` for `name`. */
  claim(name: string, extension: string, fallback: string): string {
    const stem = safeStem(name, fallback);
    for (let count = 1; ; count++) {
      const candidate = `${count === 1 ? stem : `${stem} (${count})`}${extension}`;
      const key = FolderNames.key(candidate);
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return candidate;
      }
    }
  }
}
