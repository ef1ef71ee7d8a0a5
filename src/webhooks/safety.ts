import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { forbiddenRange } from './address-rules.js';

/*
 * Which URLs a webhook may go to (docs/webhooks.md, "No door into the network"): https only,
 * and only addresses on the internet, unless the operator lifted either rule
 * (WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOW_PRIVATE). The same rules are checked when a subscription is
 * added (its name resolved now) and on every delivery (safe-agent.ts), against the address the
 * connection is made to: a DNS answer that changed since does not get through.
 */

/** A resolved address, as dns.lookup gives it. */
interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses: dns.lookup, or the tests' own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

export interface SafetyRules {
  /** WEBHOOK_ALLOW_HTTP: http:// URLs too. */
  allowHttp: boolean;
  /** WEBHOOK_ALLOW_PRIVATE: loopback, private, link-local… addresses too. */
  allowPrivate: boolean;
  resolve: Resolver;
}

/** What is wrong with a refused URL: a presenter in another language words it from this. */
export type UrlProblem =
  | 'tooLong'
  | 'notUrl'
  | 'scheme'
  | 'credentials'
  | 'forbiddenAddress'
  | 'unresolvable';

/** Why a URL is refused: `problem` for a presenter, the message in English (the CLI's words). */
export class UrlRefused extends Error {
  override name = 'UrlRefused';
  constructor(
    readonly problem: UrlProblem,
    message: string,
  ) {
    super(message);
  }
}

/** The settings that lift the rules, for closed networks and tests (docs/webhooks.md). */
const ALLOW_HTTP = 'WEBHOOK_ALLOW_HTTP';
const ALLOW_PRIVATE = 'WEBHOOK_ALLOW_PRIVATE';

/** The longest URL a subscription may have. */
export const URL_MAX = 2048;

/** Checks the URL's form (not its addresses): the parsed URL, or UrlRefused. */
export function checkUrlForm(text: string, rules: Pick<SafetyRules, 'allowHttp'>): URL {
  if (text.length > URL_MAX)
    throw new UrlRefused('tooLong', `the URL is longer than ${URL_MAX} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UrlRefused('notUrl', 'not a URL');
  }
  const https = url.protocol === 'https:';
  const http = url.protocol === 'http:';
  if (!https && !(rules.allowHttp && http)) {
    throw new UrlRefused(
      'scheme',
      rules.allowHttp
        ? 'the URL must start with https:// or http://'
        : // The operator's setting that would take it, named where one would.
          `the URL must start with https://${http ? ` (${ALLOW_HTTP}=true allows http://)` : ''}`,
    );
  }
  if (url.username || url.password)
    throw new UrlRefused('credentials', 'the URL must not carry a user or password');
  return url;
}

/** The host of a URL as a connection names it: brackets off an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** Checks one address a connection would go to; throws UrlRefused when it may not. */
export function checkAddress(address: string, rules: Pick<SafetyRules, 'allowPrivate'>): void {
  if (rules.allowPrivate) return;
  const range = forbiddenRange(address);
  if (range !== null) {
    throw new UrlRefused(
      'forbiddenAddress',
      `${address} is a ${range} address (${ALLOW_PRIVATE}=true allows it)`,
    );
  }
}

/**
 * Checks a URL as `webhook add` does: its form, then every address its host resolves to now (all
 * of them: a name with one private address among public ones is refused). An http:// URL to an
 * address the rules keep out needs both settings: the refusal names both, so an operator who
 * lifts the one named does not meet the other only on the next try.
 */
export async function checkUrl(text: string, rules: SafetyRules): Promise<URL> {
  let url: URL;
  try {
    url = checkUrlForm(text, rules);
  } catch (error) {
    const address = await alsoRefusedAddress(error, text, rules);
    if (address) throw new UrlRefused('scheme', `${(error as Error).message}, and ${address}`);
    throw error;
  }
  await checkAddresses(url, rules);
  return url;
}

/**
 * For an http:// URL refused for its scheme alone (a setting would allow it): the refusal its
 * address would get too, or null.
 */
async function alsoRefusedAddress(
  error: unknown,
  text: string,
  rules: SafetyRules,
): Promise<string | null> {
  if (!(error instanceof UrlRefused) || error.problem !== 'scheme' || rules.allowHttp) return null;
  const url = URL.canParse(text) ? new URL(text) : null;
  if (url?.protocol !== 'http:') return null;
  try {
    await checkAddresses(url, rules);
    return null;
  } catch (refused) {
    return refused instanceof UrlRefused && refused.problem === 'forbiddenAddress'
      ? refused.message
      : null;
  }
}

/** Every address the URL's host is (a literal) or resolves to now may be connected to. */
async function checkAddresses(url: URL, rules: SafetyRules): Promise<void> {
  const host = hostOf(url);
  if (isIP(host)) {
    checkAddress(host, rules);
    return;
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await rules.resolve(host);
  } catch {
    throw new UrlRefused('unresolvable', `${host} does not resolve`);
  }
  if (addresses.length === 0) throw new UrlRefused('unresolvable', `${host} does not resolve`);
  for (const { address } of addresses) checkAddress(address, rules);
}
