/**
 * File and folder names for a collection folder that every OS and git accept: no characters that
 * Windows, macOS or Linux refuse (`<>:"/\|?*`, control characters), no Windows device names
 * (`CON`, `COM1`, …), no leading dot (hidden files) or trailing dot or space, no lone surrogate
 * (UTF-16 halves no file system can store: each becomes U+FFFD), at most 100 characters and never
 * more than 255 bytes of UTF-8 with the ` (2)` and extension added (ext4, APFS and NTFS refuse
 * longer names: 100 CJK characters are 300 bytes), and unique within their folder even where
 * names differ only in case, in Unicode case folding (ſ/s, ı/i, the Kelvin sign/k, ß/ss) or in
 * Unicode form, as a case-insensitive file system compares them. The request's own name stays in
 * its file (`info.name`); the file name only has to be safe, stable and readable.
 */

const MAX_STEM = 100;
/** The longest file name ext4, APFS and NTFS take, in bytes of UTF-8. */
export const MAX_NAME_BYTES = 255;
/** Room left after the stem for ` (99999)` and the longest extension written (`.yml`). */
const SUFFIX_ROOM = 16;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we replace
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;
const DEVICE = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(?:\..*)?$/i;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const encoder = new TextEncoder();
const utf8Bytes = (text: string) => encoder.encode(text).byteLength;

/** `text` cut to at most `characters` code units and `bytes` bytes of UTF-8, never mid-character. */
function cut(text: string, characters: number, bytes: number): string {
  let kept = '';
  let size = 0;
  for (const character of text) {
    const width = utf8Bytes(character);
    if (kept.length + character.length > characters || size + width > bytes) break;
    kept += character;
    size += width;
  }
  return kept;
}

/** A safe file stem for `name` (no extension), `fallback` when nothing of it is left. */
export function safeStem(name: string, fallback: string): string {
  let stem = name
    .replace(LONE_SURROGATE, '\uFFFD')
    .normalize('NFC')
    .replace(UNSAFE, '-')
    .replace(/\s+/g, ' ')
    .trim();
  stem = stem.replace(/^[.\s]+/, '');
  stem = cut(stem, MAX_STEM, MAX_NAME_BYTES - SUFFIX_ROOM);
  stem = stem.replace(/[.\s]+$/, '');
  if (stem === '') return fallback;
  return DEVICE.test(stem) ? `${stem}_` : stem;
}

/**
 * The name as a case-insensitive file system compares it, or more strictly: one Unicode form,
 * then upper- and lower-cased, which folds ſ to s, ı to i, the Kelvin sign to k and ß to ss.
 */
export function nameKey(name: string): string {
  return name.replace(LONE_SURROGATE, '\uFFFD').normalize('NFC').toUpperCase().toLowerCase();
}

/**
 * Hands out names within one folder: each stem once, compared by `nameKey`; a taken stem gets
 * ` (2)`, ` (3)`, … Names in `reserved` (such as `folder.yml`) are never handed out.
 */
export class FolderNames {
  private readonly taken = new Set<string>();

  constructor(reserved: readonly string[] = []) {
    for (const name of reserved) this.taken.add(nameKey(name));
  }

  /** A unique name `stem + extension` for `name`. */
  claim(name: string, extension: string, fallback: string): string {
    const stem = safeStem(name, fallback);
    for (let count = 1; ; count++) {
      const candidate = `${count === 1 ? stem : `${stem} (${count})`}${extension}`;
      const key = nameKey(candidate);
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return candidate;
      }
    }
  }
}
