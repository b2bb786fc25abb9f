import type { TokenAttempt } from '../../../src/protocol/messages';
import { concludeComparison } from '../../../src/service/token/variant-conclusion';

/**
 * The grant run with each variant, side by side, and what that means in words: which variant to
 * use, or why none works.
 */
export function VariantComparison({ attempts }: { attempts: TokenAttempt[] }) {
  return (
    <section aria-label="Variant comparison" class="comparison">
      <p>
        <strong>Conclusion:</strong> {concludeComparison(attempts)}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">Outcome</th>
            <th scope="col">Status</th>
            <th scope="col">Server said</th>
          </tr>
        </thead>
        <tbody>
          {attempts.map(({ label, view }) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td class={view.outcome === 'token' ? 'good' : 'bad'}>
                {view.outcome === 'token' ? 'token' : 'failed'}
              </td>
              <td>{view.response?.status ?? '—'}</td>
              <td>
                {view.outcome === 'token'
                  ? `${view.token.accessTokenMasked ?? ''}`
                  : view.explanation.summary}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
