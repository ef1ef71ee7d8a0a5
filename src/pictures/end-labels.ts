/** A label that wants to sit at `wanted` (its centre, px down the picture). */
interface WantedLabel<T> {
  item: T;
  wanted: number;
}

export interface PlacedLabel<T> extends WantedLabel<T> {
  /** Where its centre goes: as near `wanted` as the others and the bounds allow. */
  centre: number;
}

interface Cluster<T> {
  labels: WantedLabel<T>[];
  top: number;
}

/**
 * Places labels of one `height` each in a column between `top` and `bottom` so that none
 * overlaps another: each as near its wanted place as it can be. Labels that would overlap
 * join a group centred on their wanted places' mean (so two tied lines get their labels one
 * above the other around the shared end, not one pushed far away), and groups that then meet
 * join too. Labels keep the order they come in where their wanted places are equal: the
 * caller passes them in the order they should read (the houses' ranks). When the column is
 * too short for all of them, they are stacked from `top` and the overflow is the caller's to
 * avoid (it sizes the labels to the column).
 */
export function placeLabels<T>(
  wanted: readonly WantedLabel<T>[],
  height: number,
  top: number,
  bottom: number,
): PlacedLabel<T>[] {
  const sorted = wanted
    .map((label, order) => ({ label, order }))
    .sort((a, b) => a.label.wanted - b.label.wanted || a.order - b.order)
    .map(({ label }) => label);
  const clamp = (cluster: Cluster<T>) => {
    const room = bottom - cluster.labels.length * height;
    cluster.top = Math.max(top, Math.min(cluster.top, room));
  };
  let clusters: Cluster<T>[] = sorted.map((label) => ({
    labels: [label],
    top: label.wanted - height / 2,
  }));
  clusters.forEach(clamp);
  let merged = true;
  while (merged) {
    merged = false;
    const next: Cluster<T>[] = [];
    for (const cluster of clusters) {
      const previous = next[next.length - 1];
      if (previous && previous.top + previous.labels.length * height > cluster.top) {
        const labels = [...previous.labels, ...cluster.labels];
        const mean = labels.reduce((sum, label) => sum + label.wanted, 0) / labels.length;
        const joined = { labels, top: mean - (labels.length * height) / 2 };
        clamp(joined);
        next[next.length - 1] = joined;
        merged = true;
      } else {
        next.push(cluster);
      }
    }
    clusters = next;
  }
  return clusters.flatMap((cluster) =>
    cluster.labels.map((label, index) => ({
      ...label,
      centre: cluster.top + index * height + height / 2,
    })),
  );
}
