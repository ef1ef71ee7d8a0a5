/**
 * The statement both dialects prune the points history with (parameters: the limit, twice):
 * every row older than the limit goes, except each guild's latest row before it, from which a
 * series that starts at the limit still takes its values.
 */
export const PRUNE_HISTORY_SQL = (limit: string) => `
  DELETE FROM points_history AS old
  WHERE old.at < ${limit} AND EXISTS (
    SELECT 1 FROM points_history AS newer
    WHERE newer.guild_id = old.guild_id AND newer.at < ${limit}
      AND (newer.at > old.at OR (newer.at = old.at AND newer.id > old.id))
  )`;
