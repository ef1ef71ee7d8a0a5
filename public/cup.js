// Follows the guild's points and term stream and updates the page in place; the page reads without it.
(() => {
  const body = document.body;
  const live = document.getElementById('announce');
  if (!body.dataset.guild) return;
  const format = new Intl.NumberFormat(document.documentElement.lang || 'en');
  const week = (change) =>
    change === null
      ? ''
      : `${change > 0 ? '▲' : change < 0 ? '▼' : '±'} ${format.format(Math.abs(change))} this week`;
  const names = new Intl.ListFormat('en', { type: 'conjunction' });
  // The open term's leaders, by what each house gained in it (src/pages/hall-of-cups.ts writes
  // the same text): a term's cup is the points gained, not the points carried in. None while no
  // house is ahead of another (a term just begun).
  const leading = (term, items) => {
    const gained = [...items.keys()].filter((house) => term.dataset[house] !== '');
    if (gained.length === 0) return '';
    const best = Math.max(...gained.map((house) => Number(term.dataset[house])));
    const leaders = gained.filter((house) => Number(term.dataset[house]) === best);
    if (leaders.length === gained.length) return 'No house leads yet';
    const who = names.format(
      leaders.map((house) => items.get(house).querySelector('.name').textContent),
    );
    return `Leading: ${who} · ${format.format(best)} points gained${leaders.length > 1 ? ' each' : ''}`;
  };
  const houses = () =>
    new Map(
      [...(document.getElementById('standings')?.children ?? [])].map((item) => [
        item.dataset.house,
        item,
      ]),
    );

  // The server draws the chart: after a change the page asks for itself again (answered from the
  // cache that change made) and takes its new chart, or its new <main> when the standings came
  // or went. At most one request in 5 s: each counts against the address' limit.
  const WAIT_MS = 5000;
  let fetchedAt = 0;
  let timer = 0;
  /** What the next request replaces: 0 nothing, 1 the chart, 2 all of <main>. */
  let pending = 0;
  function refresh(all) {
    pending = Math.max(pending, all ? 2 : 1);
    if (!timer) timer = setTimeout(fetchPage, Math.max(0, fetchedAt + WAIT_MS - Date.now()));
  }
  async function fetchPage() {
    const id = pending === 2 ? 'cup' : 'chart';
    pending = 0;
    fetchedAt = Date.now();
    try {
      const response = await fetch(location.pathname + location.search);
      if (response.ok) {
        const page = new DOMParser().parseFromString(await response.text(), 'text/html');
        const swap = (name) => {
          const fresh = page.getElementById(name);
          const old = document.getElementById(name);
          if (fresh && old) old.replaceWith(document.importNode(fresh, true));
          return Boolean(fresh && old);
        };
        // A chart that came or went with the page's data: all of <main> then.
        const either = (name) =>
          Boolean(document.getElementById(name) || page.getElementById(name));
        // A chart, or the latest awards, that came or went with the page's data: all of <main>.
        if (
          id === 'cup' ||
          (either('chart') && !swap('chart')) ||
          (either('awards') && !swap('awards'))
        ) {
          swap('cup');
        }
      }
    } finally {
      timer = 0;
      if (pending) refresh(pending === 2);
      followWeek();
    }
  }

  // "This week" starts again from nothing on Monday 00:00 UTC, when nothing may change for the
  // stream to bring: the page takes its new <main> once the week its figures count has ended
  // (data-week-ends, the server's), so an overlay left running shows the new week. This machine's
  // clock may run ahead of the server's: a page that still counts the old week is asked for again
  // a minute later.
  const WEEK_MARGIN_MS = 2000;
  const WEEK_AGAIN_MS = 60000;
  let weekEnds = '';
  let weekTimer = 0;
  function followWeek() {
    const ends = document.getElementById('cup')?.dataset.weekEnds ?? '';
    const at = Date.parse(ends);
    if (Number.isNaN(at) || (ends === weekEnds && weekTimer)) return;
    clearTimeout(weekTimer);
    const again = ends === weekEnds;
    weekEnds = ends;
    const wait = Math.max(0, at - Date.now()) + (again ? WEEK_AGAIN_MS : WEEK_MARGIN_MS);
    // Beyond setTimeout's limit (about 24.8 days) a timer fires at once.
    weekTimer = setTimeout(
      () => {
        weekTimer = 0;
        refresh(true);
      },
      Math.min(wait, 2 ** 31 - 1),
    );
  }
  followWeek();

  function update(points) {
    const items = houses();
    if (items.size === 0) return refresh(true);
    const said = [];
    const term = document.getElementById('term');
    for (const [house, item] of items) {
      const now = points[house];
      const before = Number(item.dataset.points);
      if (typeof now !== 'number' || now === before) continue;
      item.dataset.points = String(now);
      if (term && term.dataset[house] !== undefined && term.dataset[house] !== '') {
        term.dataset[house] = String(Number(term.dataset[house]) + now - before);
      }
      item.querySelector('.points').textContent = format.format(now);
      if (item.dataset.week !== '') {
        const change = Number(item.dataset.week) + now - before;
        item.dataset.week = String(change);
        item.querySelector('.week').textContent = week(change);
      }
      item.classList.remove('changed');
      void item.offsetWidth;
      item.classList.add('changed');
      said.push(`${item.querySelector('.name').textContent} ${format.format(now)}`);
    }
    if (said.length === 0) return;
    const list = document.getElementById('standings');
    const usual = list.dataset.houses.split(' ');
    const order = [...items.values()].sort(
      (a, b) =>
        Number(b.dataset.points) - Number(a.dataset.points) ||
        usual.indexOf(a.dataset.house) - usual.indexOf(b.dataset.house),
    );
    order.forEach((item) => {
      const rank =
        1 +
        order.filter((other) => Number(other.dataset.points) > Number(item.dataset.points)).length;
      item.querySelector('.rank').textContent = String(rank);
      list.append(item);
    });
    const leaders = term?.querySelector('.term-leading');
    if (leaders) leaders.textContent = leading(term, items);
    live.textContent = `${said.join(', ')} points.`;
    // An award changes the points: its list comes with the chart (the overlay's, with <main>).
    refresh(false);
  }

  const events = new EventSource(`/cup/${encodeURIComponent(body.dataset.guild)}/events`);
  // A term began or ended: its name and the hall of cups come with a new <main>.
  events.addEventListener('term', (event) => {
    const t = JSON.parse(event.data);
    const shown = document.getElementById('cup')?.dataset.term;
    if (shown !== undefined && shown !== `${t.id}:${t.endedAt ?? ''}`) refresh(true);
  });
  events.addEventListener('points', (event) => {
    const answer = JSON.parse(event.data);
    if (answer.status === 200) update(answer);
    // The points were removed: the page says it has no standings.
    else if (answer.status === 404 && houses().size > 0) refresh(true);
  });
})();
