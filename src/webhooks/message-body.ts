import type { MessageType } from '../records/webhooks.js';

/*
 * A message's body: `{"type":…,"guildId":…,"timestamp":…,"data":…,"seq":…}`. `data` is the
 * event's data byte for byte, as the event stream sends it (already JSON: it goes in as is);
 * `seq` is the number of the change the message reports (guild_changes), larger for a later
 * change of the same guild's area, so a receiver can drop a message older than one it applied.
 * A `ping` has no `seq`.
 */

export function messageBody(
  type: MessageType,
  guildId: string,
  at: Date,
  data: Buffer | string,
  seq?: number,
): string {
  const head = `{"type":${JSON.stringify(type)},"guildId":${JSON.stringify(guildId)},"timestamp":${JSON.stringify(at.toISOString())}`;
  return `${head},"data":${data.toString()}${seq === undefined ? '' : `,"seq":${seq}`}}`;
}
