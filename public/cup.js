// Follows the guild's points stream and updates the page in place; the page reads without it.
(() => {
  const body = document.body;
  const list = document.getElementById('standings');
  const live = document.getElementById('announce');
  const chart = document.getElementById('chart');
  if (!list || !body.dataset.guild) return;
  const houses = new Map([...list.children].map((item) => [item.dataset.house, item]));
  const format = new Intl.NumberFormat(document.documentElement.lang || 'en');
  const week = (change) =>
    change === null
      ? ''
      : `${change > 0 ? '▲' : change < 0 ? '▼' : '±'} ${format.format(Math.abs(change))} this week`;
  let chartAt = 0;

  function update(points) {
    const said = [];
    for (const [house, item] of houses) {
      const now = points[house];
      const before = Number(item.dataset.points);
      if (typeof now !== 'number' || now === before) continue;
      item.dataset.points = String(now);
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
    const order = [...houses.values()].sort(
      (a, b) => Number(b.dataset.points) - Number(a.dataset.points),
    );
    order.forEach((item) => {
      const rank =
        1 +
        order.filter((other) => Number(other.dataset.points) > Number(item.dataset.points)).length;
      item.querySelector('.rank').textContent = String(rank);
      list.append(item);
    });
    live.textContent = `${said.join(', ')} points.`;
    // The picture changes at most every few seconds: each one is a request against the page's limit.
    if (chart && Date.now() - chartAt > 5000) {
      chartAt = Date.now();
      const url = new URL(chart.src);
      url.searchParams.set('v', String(chartAt));
      chart.src = url.pathname + url.search;
    }
  }

  const events = new EventSource(`/cup/${encodeURIComponent(body.dataset.guild)}/events`);
  events.addEventListener('points', (event) => {
    const answer = JSON.parse(event.data);
    if (answer.status === 200) update(answer);
  });
})();
