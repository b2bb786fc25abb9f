/**
 * Under the profile editor's Auth URL, when it was pasted with the token path
 * (`https://host/o/oauth/accesstoken`): the panel adds that path itself, so Get token would post
 * to `…/accesstoken/o/oauth/accesstoken`. The notice says so and offers the URL without it, in a
 * button named after what it does ("Use https://host as the Auth URL"); nothing changes unasked.
 */
import { TOKEN_PATH } from '../../../src/service/token/token-request';

interface Props {
  /** The notice's id, which the Auth URL's input is described by. */
  id: string;
  fixed: string;
  onUse: () => void;
}

export function TokenPathNotice({ id, fixed, onUse }: Props) {
  return (
    <p class="notice notice-warn" id={id}>
      This Auth URL ends with the token path <code>{TOKEN_PATH}</code>, which the panel adds by
      itself: Get token would post to{' '}
      <code>
        …{TOKEN_PATH}
        {TOKEN_PATH}
      </code>
      . The Auth URL is the host only.{' '}
      <button type="button" aria-label={`Use ${fixed} as the Auth URL`} onClick={onUse}>
        Use {fixed}
      </button>
    </p>
  );
}
