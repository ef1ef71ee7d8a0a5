import { DiscordAPIError, HTTPError } from 'discord.js';

/*
 * Why `register` failed, in words that send the operator to the right place: Discord's refusal
 * (a bad token, an invalid command) is not a network that cannot find or reach Discord, nor a
 * Discord that does not answer. Before, all were "Discord refused the commands".
 */

const LOOKUP_FAILURES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME']);

/** The system error code of a network failure, on the error or on its cause (fetch wraps it). */
function codeOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = e.cause;
  }
  return undefined;
}

/** One line for the operator; `secret` (the bot token) never appears in it. */
export function describeRegisterFailure(error: unknown, restUrl: string, secret: string): string {
  const host = URL.canParse(restUrl) ? new URL(restUrl).host : restUrl;
  const code = codeOf(error);
  const detail = error instanceof Error ? error.message : String(error);
  let line: string;
  if (error instanceof DiscordAPIError) {
    line = `Discord refused the commands (HTTP ${error.status}): ${detail}`;
  } else if (error instanceof HTTPError) {
    line = `Discord answered HTTP ${error.status} (${detail}): nothing was registered; try again later`;
  } else if (
    error instanceof Error &&
    (error.name === 'AbortError' || error.name === 'TimeoutError')
  ) {
    line = `Discord (${host}) did not answer in time: nothing was registered; try again later`;
  } else if (code !== undefined && LOOKUP_FAILURES.has(code)) {
    line = `Cannot find ${host} (${code}): check the network's DNS or DISCORD_REST_URL`;
  } else if (code?.startsWith('E')) {
    line = `Cannot reach ${host} (${code}): check the network or DISCORD_REST_URL`;
  } else {
    line = `Could not register the commands: ${detail}`;
  }
  return secret ? line.split(secret).join('[redacted]') : line;
}
