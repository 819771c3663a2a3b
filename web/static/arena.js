// The arena view: starts a short match between two agent specs on the server and shows the
// arena's own figures (WP and ADP with 95% intervals per agent and side) as the deals are played.
"use strict";

const arena = { id: null, timer: null };

function arenaById(id) {
  return document.getElementById(id);
}

function ci(lo, hi, digits) {
  return `[${lo.toFixed(digits)}, ${hi.toFixed(digits)}]`;
}

function drawFigures(status) {
  const f = status.figures;
  const box = arenaById("arena-figures");
  box.textContent = "";
  const table = el("table", "figures");
  table.innerHTML = "<tr><th>agent</th><th>side</th><th>games</th><th>WP</th><th>WP 95% CI</th><th>ADP</th><th>ADP 95% CI</th></tr>";
  for (const a of f.agents) {
    for (const [side, r] of [["landlord", a.landlord], ["farmers", a.farmers], ["all", a.all]]) {
      const tr = el("tr", side === "all" ? "total" : "");
      const cells = [a.name, side, r.games, r.wp.toFixed(3), ci(r.wp_ci95[0], r.wp_ci95[1], 3), r.adp.toFixed(3), ci(r.adp_ci95[0], r.adp_ci95[1], 2)];
      for (const c of cells) tr.appendChild(el("td", "", String(c)));
      table.appendChild(tr);
    }
  }
  box.appendChild(table);
  const pair = f.pairs[0];
  arenaById("arena-verdict").textContent = pair && pair.deals > 0 ? pair.verdict : "";
}

async function poll() {
  if (!arena.id) return;
  try {
    const status = await api("GET", "/api/arena/" + arena.id);
    arenaById("arena-progress").max = status.deals;
    arenaById("arena-progress").value = status.deals_done;
    arenaById("arena-state").textContent = `${status.state}: ${status.deals_done} of ${status.deals} deals` +
                                           ` (${status.figures.games} games, ${status.figures.seconds.toFixed(1)} s)` +
                                           (status.error ? " — " + status.error : "");
    drawFigures(status);
    if (status.state === "running") {
      arena.timer = setTimeout(poll, 500);
    } else {
      arenaById("arena-start").disabled = false;
      arenaById("arena-stop").disabled = true;
    }
  } catch (e) {
    showError("arena-error", e.message);
    arenaById("arena-start").disabled = false;
    arenaById("arena-stop").disabled = true;
  }
}

arenaById("arena-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  showError("arena-error", "");
  clearTimeout(arena.timer);
  const body = {
    agents: [arenaById("arena-a").value.trim(), arenaById("arena-b").value.trim()],
    deals: Number(arenaById("arena-deals").value),
    seed: Number(arenaById("arena-seed").value),
    bidding: arenaById("arena-bidding").checked,
  };
  // The form is not validated by the browser (which refused out-of-range deals silently, leaving
  // the previous error on screen): the range is said here, the rest by the server.
  const most = Number(arenaById("arena-deals").max);
  if (!Number.isInteger(body.deals) || body.deals < 1 || (most > 0 && body.deals > most)) {
    showError("arena-error", `Deals must be a whole number from 1 to ${most}`);
    return;
  }
  try {
    const status = await api("POST", "/api/arena", body);
    arena.id = status.id;
    arenaById("arena-start").disabled = true;
    arenaById("arena-stop").disabled = false;
    poll();
  } catch (e) {
    showError("arena-error", e.message);
  }
});

arenaById("arena-stop").addEventListener("click", async () => {
  if (!arena.id) return;
  try {
    await api("DELETE", "/api/arena/" + arena.id);
  } catch (e) {
    showError("arena-error", e.message);
  }
});

// The league of `ddz web --league FILE`: ratings with 95% intervals, WP and points per deal of
// each pair (row against column, shown on hover), and the ratings picture the server drew.
async function showLeague() {
  arenaById("league").hidden = false;
  try {
    const t = await api("GET", "/api/league");
    arenaById("league-note").textContent =
      `${t.file}: ${t.deals} deals; ${t.anchor} anchored at ${t.anchor_rating}; ` +
      `95% intervals from ${t.bootstrap} bootstrap resamples. A cell is the row's WP against the column.`;
    const names = t.entrants.map((e) => e.name);
    const cell = {};
    for (const p of t.pairs) {
      cell[p.a + "\n" + p.b] = [p.a_wp, p.a_points_per_deal, p.deals];
      cell[p.b + "\n" + p.a] = [1 - p.a_wp, -p.a_points_per_deal, p.deals];
    }
    const table = el("table", "figures");
    const head = el("tr");
    for (const h of ["#", "entrant", "rating", "95% CI", "games", "ms/move", ...names.map((_, i) => String(i + 1))])
      head.appendChild(el("th", "", h));
    table.appendChild(head);
    t.entrants.forEach((e, i) => {
      const tr = el("tr");
      tr.title = e.spec;
      for (const c of [i + 1, e.name, e.rating.toFixed(0), ci(e.ci95[0], e.ci95[1], 0), e.games, e.cpu_ms_per_move.toFixed(3)])
        tr.appendChild(el("td", "", String(c)));
      for (const other of names) {
        const v = cell[e.name + "\n" + other];
        const td = el("td", "", v ? v[0].toFixed(3) : "-");
        if (v) td.title = `${e.name} vs ${other}: WP ${v[0].toFixed(3)}, ${v[1].toFixed(2)} points/deal, ${v[2]} deals`;
        tr.appendChild(td);
      }
      table.appendChild(tr);
    });
    const box = arenaById("league-table");
    box.textContent = "";
    box.appendChild(table);
    arenaById("league-svg").innerHTML = t.svg;  // drawn by the server from the file's own figures
  } catch (e) {
    showError("league-error", e.message);
  }
}

app.ready.then((config) => {
  if (config.league) showLeague();
  arenaById("arena-deals").max = config.arena_max_deals;
  arenaById("arena-deals").title = `at most ${config.arena_max_deals} deals a match`;
});
