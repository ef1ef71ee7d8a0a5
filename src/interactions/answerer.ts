import { type FirstResponse, webhookDelivery } from '../bot/delivery.js';
import { createDispatcher } from '../bot/dispatcher.js';
import { loadCommands } from '../bot/loader.js';
import { webhookRest } from '../bot/rest.js';
import type { InteractionsDependencies } from './options.js';
import type { ParsedInteraction } from './payload.js';

/*
 * The HTTP transport's half that needs discord.js (the dispatcher, the command modules, REST):
 * loaded on first need, so a node that never gets an interaction never pays for it.
 */

export interface Answerer {
  /**
   * Dispatches the interaction and resolves with its first response as soon as there is one:
   * the answer itself, or the deferral sent after `deferAfterMs`. The handler may go on after
   * that; its answer then edits `@original` through Discord's REST API, once `sent` (the HTTP
   * response carrying the deferral) has gone out.
   */
  answer(interaction: ParsedInteraction, sent: Promise<void>): Promise<FirstResponse>;
}

export async function createAnswerer(deps: InteractionsDependencies): Promise<Answerer> {
  const dispatch = createDispatcher({
    commands: await loadCommands(),
    services: deps.services,
    logger: deps.logger,
    ...(deps.deferAfterMs === undefined ? {} : { deferAfterMs: deps.deferAfterMs }),
    ...(deps.onHandled === undefined ? {} : { onHandled: deps.onHandled }),
  });
  const rest = webhookRest(deps.restUrl);
  return {
    answer({ request, applicationId, token }, sent) {
      return new Promise((resolve, reject) => {
        let responded = false;
        // DISCORD_APPLICATION_ID when set; otherwise the signed payload's own application_id.
        const delivery = webhookDelivery(rest, deps.applicationId ?? applicationId, token, {
          // The HTTP response is JSON: files go in the edit that follows a deferral.
          carriesFiles: false,
          async respond(response) {
            responded = true;
            resolve(response);
            await sent;
          },
        });
        // The dispatcher never rejects, and answers every interaction it is given.
        void dispatch(request, delivery).then(() => {
          if (!responded) reject(new Error('the dispatcher finished without a first response'));
        });
      });
    },
  };
}
