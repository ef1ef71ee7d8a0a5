/*
 * What housecup needs in a channel to post a live scoreboard there: to see it, to send a
 * message, to embed the standings and to attach the picture. Discord's bits (PermissionFlagsBits),
 * as numbers so that the command module reads them without loading discord.js' runtime.
 */
export const LIVE_PERMISSIONS = {
  viewChannel: 1n << 10n,
  sendMessages: 1n << 11n,
  embedLinks: 1n << 14n,
  attachFiles: 1n << 15n,
} as const;

type LivePermission = keyof typeof LIVE_PERMISSIONS;

const ADMINISTRATOR = 1n << 3n;

/** The permissions `granted` lacks of the ones a live scoreboard needs, in Discord's order. */
export function missingLivePermissions(granted: bigint): LivePermission[] {
  if ((granted & ADMINISTRATOR) !== 0n) return [];
  return (Object.keys(LIVE_PERMISSIONS) as LivePermission[]).filter(
    (name) => (granted & LIVE_PERMISSIONS[name]) === 0n,
  );
}
