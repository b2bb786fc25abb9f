/**
 * Why a token changed, in the words the Auth tab's log and a call's timeline show. Apart from the
 * slice's reducer, so that only the views that show these words (loaded on first use) carry them.
 */
const WHY_WORDS: Record<string, string> = {
  asked: 'Get token',
  'none-cached': 'none was cached',
  expiring: 'the cached one was about to expire',
  expired: 'the cached one had expired',
  refused: 'the API refused the one a call carried',
  lock: 'the secrets were locked',
  'profile-edit': 'the profile was edited',
  'profile-deleted': 'the profile was deleted',
};

/** Why, in words: "the cached one was about to expire". */
export const whyWords = (why: string) => WHY_WORDS[why] ?? why;
