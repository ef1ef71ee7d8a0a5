import { type Html, html } from './html.js';

const ASSETS = '/cup/assets';

interface Shell {
  title: string;
  /** Attributes of <body>, each written with `html` (so escaped), after a leading space. */
  bodyAttributes?: Html;
  main: Html;
  script?: boolean;
}

/** The frame every public page shares: housecup's name and mark, one style sheet, one script. */
export function pageShell({ title, bodyAttributes = html``, main, script = false }: Shell): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="${ASSETS}/housecup.svg" type="image/svg+xml">
<link rel="stylesheet" href="${ASSETS}/cup.css">
${script ? html`<script src="${ASSETS}/cup.js" defer></script>\n` : ''}</head>
<body${bodyAttributes}>
<header class="top"><h1>${title}</h1><span class="brand"><img src="${ASSETS}/housecup.svg" alt="">housecup</span></header>
${main}
<footer>Live standings served by housecup.</footer>
</body>
</html>
`.markup;
}
