import type { TokenDiagnostic } from '../../../src/service/token/token-diagnostics';

/** Findings about a token, each with a plain explanation and what to do. */
export function TokenDiagnostics({ diagnostics }: { diagnostics: TokenDiagnostic[] }) {
  return (
    <>
      <h3 id="token-diagnostics">Token diagnostics</h3>
      {diagnostics.length === 0 ? (
        <p class="good">No problems found.</p>
      ) : (
        <ul aria-labelledby="token-diagnostics" class="diagnostics">
          {diagnostics.map((item) => (
            <li key={item.id} class={item.severity} data-id={item.id}>
              <strong>{item.title}</strong>
              <p>{item.explanation}</p>
              <p>
                <em>What to do:</em> {item.action}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
