// The module hook of a bench variant (start.mjs registers it): the production build (dist/), with
// one or two of its modules swapped for a module of this folder that puts a library back in
// place of housecup's own part. The swap happens where the build imports the module; the
// variant's own module may still import the original (its importer is in this folder).
const SWAPS = {
  'rate-limit': { 'http/rate-limit.js': 'rate-limit.mjs' },
  'fastify-log': { 'http/access-log.js': 'fastify-log.mjs' },
  'log-per-line': { 'http/access-log.js': 'child-per-request.mjs' },
};

/** The resolve hook of `variant`, for module.registerHooks. */
export function swapsOf(variant) {
  const swaps = SWAPS[variant] ?? {};
  return (specifier, context, next) => {
    const resolved = next(specifier, context);
    if (context.parentURL?.includes('/test/bench/variants/')) return resolved;
    for (const [original, replacement] of Object.entries(swaps)) {
      if (resolved.url.endsWith(`/dist/src/${original}`)) {
        return { ...resolved, url: new URL(replacement, import.meta.url).href };
      }
    }
    return resolved;
  };
}
