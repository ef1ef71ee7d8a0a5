/*
 * Discord's side of an Interactions Endpoint URL: the check made when the URL is saved in the
 * developer portal, and the signed POST of each interaction.
 */
import { APP_ID } from './objects.js';
import { InteractionSigner } from './signing.js';
import type { Json, MessageData } from './types.js';

/**
 * Discord accepts the URL only if it answers a signed PING with `{"type":1}` and refuses a
 * badly signed one with 401; it throws otherwise, as the portal refuses to save.
 */
export async function checkEndpoint(url: string, signer: InteractionSigner, id: string) {
  const ping = JSON.stringify({ id, application_id: APP_ID, type: 1, version: 1 });
  const good = await fetch(url, { method: 'POST', headers: signer.headers(ping), body: ping });
  const answer = await good.text();
  if (good.status !== 200 || answer.replace(/\s/g, '') !== '{"type":1}') {
    throw new Error(`endpoint failed the PING check: ${good.status} ${answer}`);
  }
  const forgedHeaders = new InteractionSigner().headers(ping);
  const forged = await fetch(url, { method: 'POST', headers: forgedHeaders, body: ping });
  await forged.arrayBuffer();
  if (forged.status !== 401) throw new Error(`endpoint accepted a bad signature: ${forged.status}`);
}

/** POSTs `interaction` signed now; the answer must be a 200 with a JSON body. */
export async function postSigned(url: string, interaction: Json, signer: InteractionSigner) {
  const body = JSON.stringify(interaction);
  const sentAt = performance.now();
  const response = await fetch(url, { method: 'POST', headers: signer.headers(body), body });
  const text = await response.text();
  const receivedAt = performance.now();
  const json = response.headers.get('content-type')?.startsWith('application/json');
  if (response.status !== 200 || !json) {
    throw new Error(`interactions endpoint answered ${response.status}: ${text}`);
  }
  const answer = JSON.parse(text) as { type?: number; data?: MessageData };
  return { answer, sentAt, receivedAt };
}
