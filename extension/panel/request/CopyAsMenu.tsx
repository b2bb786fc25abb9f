/**
 * The `Copy as` menu beside Copy as cURL: the same call as JavaScript fetch, Python requests,
 * HTTPie or PowerShell, each with secrets as environment variables, and each "with secrets" after
 * the same confirmation as cURL.
 */
import { CODE_LANGUAGES } from '../../../src/vocabulary/terms';
import type { MenuItem } from '../ui/Menu';
import { MenuButton } from '../ui/MenuButton';
import { type CopyAs, LANGUAGE_NAMES } from './use-copy-as';

export function CopyAsMenu({ copyAs }: { copyAs: CopyAs }) {
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
    <MenuButton label="Copy as" items={items}>
      Copy as<span aria-hidden="true"> ▾</span>
    </MenuButton>
  );
}
