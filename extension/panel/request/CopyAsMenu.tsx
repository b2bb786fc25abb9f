/**
 * The `Copy as` menu beside Copy as cURL: the same call as JavaScript fetch, Python requests,
 * HTTPie or PowerShell, each with secrets as environment variables, and each "with secrets" after
 * the same confirmation as cURL.
 */
import { useRef, useState } from 'preact/hooks';
import { CODE_LANGUAGES } from '../../../src/vocabulary/terms';
import { Menu, type MenuItem } from '../ui/Menu';
import { type CopyAs, LANGUAGE_NAMES } from './use-copy-as';

export function CopyAsMenu({ copyAs }: { copyAs: CopyAs }) {
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const others = CODE_LANGUAGES.filter((language) => language !== 'curl');
  const items: MenuItem[] = [
    ...others.map((language) => ({
      text: `Copy as ${LANGUAGE_NAMES[language]}`,
      name: `Copy as ${LANGUAGE_NAMES[language]}`,
      onSelect: () => void copyAs.copy(language, 'variables'),
    })),
    ...others.map((language) => ({
      text: `${LANGUAGE_NAMES[language]} with secrets`,
      name: `Copy as ${LANGUAGE_NAMES[language]} with secrets`,
      onSelect: () => copyAs.askForSecrets(language),
    })),
  ];
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={at !== null}
        onClick={() => {
          const box = button.current?.getBoundingClientRect();
          setAt(at === null && box ? { x: box.left, y: box.bottom } : null);
        }}
      >
        Copy as<span aria-hidden="true"> ▾</span>
      </button>
      {at !== null && (
        <Menu
          label="Copy as"
          at={at}
          items={items}
          onClose={() => setAt(null)}
          returnTo={() => button.current}
        />
      )}
    </>
  );
}
