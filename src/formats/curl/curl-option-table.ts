/**
 * The curl options the import knows, as data: each long name with what the import does with it
 * and whether it takes a value, the short letters, and the refusals for options whose request the
 * panel cannot send. A table, not a switch, so that adding an option is one line.
 */

type OptionKind =
  | 'method'
  | 'header'
  | 'data'
  | 'data-raw'
  | 'data-urlencode'
  | 'json'
  | 'url'
  | 'url-query'
  | 'get'
  | 'head'
  | 'globoff'
  | 'credentials'
  | 'cookie'
  | 'browser-header'
  | 'insecure'
  | 'location'
  | 'refuse'
  | 'quiet'
  | 'noted';

export interface OptionSpec {
  kind: OptionKind;
  argument: boolean;
}

/** Long option names by what the import does with them; `true` when the option takes a value. */
const OPTION_TABLE: readonly [OptionKind, boolean, string][] = [
  ['method', true, 'request'],
  ['header', true, 'header'],
  ['data', true, 'data data-ascii data-binary'],
  ['data-raw', true, 'data-raw'],
  ['data-urlencode', true, 'data-urlencode'],
  ['json', true, 'json'],
  ['url', true, 'url'],
  ['url-query', true, 'url-query'],
  ['get', false, 'get'],
  ['head', false, 'head'],
  ['globoff', false, 'globoff'],
  ['credentials', true, 'user oauth2-bearer'],
  ['cookie', true, 'cookie'],
  ['browser-header', true, 'user-agent referer'],
  ['insecure', false, 'insecure'],
  ['location', false, 'location location-trusted'],
  ['refuse', true, 'form form-string upload-file config'],
  ['refuse', false, 'next'],
  [
    'quiet',
    false,
    'silent show-error include verbose compressed fail fail-with-body fail-early no-buffer ' +
      'progress-bar no-progress-meter http1.0 http1.1 http2 http2-prior-knowledge http3 ipv4 ipv6 ' +
      'tlsv1 tlsv1.0 tlsv1.1 tlsv1.2 tlsv1.3 no-keepalive tcp-nodelay tcp-fastopen basic digest ' +
      'ntlm negotiate anyauth path-as-is raw tr-encoding remote-name remote-header-name ' +
      'remote-time create-dirs parallel junk-session-cookies styled-output ssl-no-revoke disable ' +
      'netrc netrc-optional proxytunnel',
  ],
  [
    'quiet',
    true,
    'output write-out dump-header max-time connect-timeout retry retry-delay retry-max-time ' +
      'max-redirs limit-rate cookie-jar trace trace-ascii stderr output-dir speed-limit ' +
      'speed-time keepalive-time expect100-timeout',
  ],
  [
    'noted',
    true,
    'proxy proxy-user resolve connect-to cacert capath cert key cert-type key-type pass ' +
      'interface dns-servers aws-sigv4 request-target range time-cond continue-at variable ' +
      'noproxy socks5 socks5-hostname proxy-header preproxy unix-socket abstract-unix-socket ' +
      'quote telnet-option ftp-port',
  ],
];

export const LONG_OPTIONS = new Map<string, OptionSpec>(
  OPTION_TABLE.flatMap(([kind, argument, names]) =>
    names.split(' ').map((name): [string, OptionSpec] => [name, { kind, argument }]),
  ),
);

/** Short options as `letter=long name`. */
export const SHORT_OPTIONS = new Map<string, string>(
  (
    'X=request H=header d=data u=user b=cookie A=user-agent e=referer G=get I=head g=globoff ' +
    'k=insecure L=location F=form T=upload-file K=config s=silent S=show-error i=include ' +
    'v=verbose f=fail N=no-buffer #=progress-bar 0=http1.0 1=tlsv1 4=ipv4 6=ipv6 ' +
    'O=remote-name J=remote-header-name R=remote-time Z=parallel j=junk-session-cookies ' +
    'q=disable n=netrc p=proxytunnel o=output w=write-out D=dump-header m=max-time ' +
    'c=cookie-jar Y=speed-limit y=speed-time x=proxy U=proxy-user E=cert r=range z=time-cond ' +
    'C=continue-at :=next Q=quote t=telnet-option P=ftp-port'
  )
    .split(' ')
    .map((pair): [string, string] => [pair.charAt(0), pair.slice(2)]),
);

export const REFUSALS = new Map<string, [string, string]>([
  [
    'form',
    [
      'Multipart form data (-F/--form) cannot be imported: calls from the panel send a JSON body.',
      "Send the data as JSON with --data-raw '{…}', or build the request by hand.",
    ],
  ],
  [
    'upload-file',
    [
      'The command uploads a file (-T/--upload-file), which the import cannot read.',
      "Put the file's content into the command with --data-raw '…'.",
    ],
  ],
  [
    'config',
    [
      'The command reads more options from a file (-K/--config), which the import cannot read.',
      'Put the options from that file into the command.',
    ],
  ],
  [
    'next',
    [
      'The command holds several requests (--next).',
      'Import one request at a time: split the command at --next.',
    ],
  ],
]);

export function lookUp(name: string): { spec: OptionSpec; negated: boolean } | null {
  const spec = LONG_OPTIONS.get(name);
  if (spec !== undefined) return { spec, negated: false };
  const negated = name.startsWith('no-') ? LONG_OPTIONS.get(name.slice(3)) : undefined;
  return negated !== undefined && !negated.argument ? { spec: negated, negated: true } : null;
}
