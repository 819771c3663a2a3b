// What the agents were thinking: the hint for the player's turn and "why?" for an opponent's past
// play, each with the search's candidates (visits, value in its unit, prior), the rule that
// picked the move and, in small endgames, the exact solver's verdict on the real deal.
"use strict";

// How the table shows a move's value (docs/web.md, "values"): "win" values are 2 P(win) - 1,
// shown as a win probability; "stake" values with stakes=1 are results in units of the stake
// at the time, shown as the mover's expected points (x 2 for the landlord).
function valueColumn(search, stake) {
  if (search.value_unit === "win") {
    return {
      head: "win %",
      note: "win %: the mover's side's chance to win as the search estimates it ((value + 1) / 2).",
      cell: (v) => ((v + 1) * 50).toFixed(0) + "%",
    };
  }
  const factor = stake * (search.role === "landlord" ? 2 : 1);
  if (search.stakes === 1) {
    return {
      head: "exp. points",
      note: `exp. points: the mover's expected score for this deal (the stake now is ${stake}` +
            `${search.role === "landlord" ? ", twice that for the landlord" : ""}), bombs, rockets and spring ` +
            "the search foresees included; a win at the stake now is " + "+" + factor + ".",
      cell: (v) => (v * factor >= 0 ? "+" : "") + (v * factor).toFixed(2),
    };
  }
  return {
    head: `value (stakes=${search.stakes})`,
    note: `value: each result counts 1 + ${search.stakes} × (stake reached / stake now − 1), +1 a win and −1 a loss at the stake now.`,
    cell: (v) => v.toFixed(3),
  };
}

// The search's figures and its 12 most visited moves into `panel`.
function drawSearch(panel, s, stake, chosen) {
  // Figures a search kind does not keep are 0 (gumbel keeps no tree): leave those out.
  const parts = [`${s.simulations} simulations`];
  if (s.tree_nodes > 0) parts.push(`${s.tree_nodes} tree nodes`);
  if (s.solver_calls > 0) parts.push(`${s.solver_calls} exact endgame solves`);
  if (s.seconds > 0) parts.push(`${s.seconds.toFixed(2)} s`);
  panel.appendChild(el("div", "note", "Search: " + parts.join(", ")));
  const column = valueColumn(s, stake);
  const table = el("table", "search");
  const head = el("tr");
  for (const h of ["move", "type", "visits", column.head, "prior"]) head.appendChild(el("th", "", h));
  table.appendChild(head);
  const moves = [...s.moves].sort((a, b) => b.visits - a.visits || b.prior - a.prior).slice(0, 12);
  for (const m of moves) {
    const tr = el("tr", m.move === chosen ? "chosen" : "");
    // An unvisited move has no value (the search reports 0).
    const value = m.visits > 0 ? column.cell(m.value) : "—";
    for (const v of [m.move, m.type.replace(/_/g, " "), m.visits, value, m.prior.toFixed(3)]) tr.appendChild(el("td", "", String(v)));
    table.appendChild(tr);
  }
  panel.appendChild(table);
  const total = s.moves_total !== undefined ? s.moves_total : s.moves.length;
  if (total > moves.length) panel.appendChild(el("div", "note", `${total - moves.length} more moves not shown`));
  panel.appendChild(el("div", "note", column.note));
}

function solverLine(line) {
  return line.map((st) => SEAT_NAMES[st.seat] + " " + st.cards).join(", ");
}

function describeSolver(s, cards) {
  if (!s) return `The exact solver answers when at most ${cards} cards are left in all hands.`;
  if (!s.complete) return `The exact solver gave up after ${s.nodes.toLocaleString()} nodes.`;
  if (!s.win) return "With all hands known and perfect play on every side, you lose whatever you play.";
  return `With all hands known and perfect play, you win: winning moves ${s.winning_moves.join(", ")}` +
         ` (one winning line: ${solverLine(s.line)}).`;
}

function describeExplainSolver(s, cards, who, played) {
  if (!s) return `The exact solver answers when at most ${cards} cards are left in all hands.`;
  if (!s.complete) return `The exact solver gave up after ${s.nodes.toLocaleString()} nodes.`;
  if (!s.win) return `With all hands known and perfect play on every side, ${who}'s side lost whatever it played.`;
  return `With all hands known and perfect play, ${who}'s side could win; ${played} ` +
         (s.played_wins ? "keeps the win" : "throws the win away") + ` (winning moves ${s.winning_moves.join(", ")};` +
         ` one winning line: ${solverLine(s.line)}).`;
}

async function askHint() {
  const panel = byId("hint-panel");
  panel.hidden = false;
  panel.textContent = "Thinking…";
  try {
    const h = await api("POST", `/api/games/${play.game.id}/hint`);
    panel.textContent = "";
    panel.appendChild(el("h3", "", "Hint from " + h.agent));
    if (h.bid !== undefined) {
      panel.appendChild(el("div", "suggestion", h.bid === 0 ? "Suggested: no bid" : "Suggested bid: " + h.bid));
      return;
    }
    const line = el("div", "suggestion", h.move === "pass" ? "Suggested: pass " : `Suggested: ${h.move} (${h.type.replace(/_/g, " ")}) `);
    const use = el("button", "", "Select it");
    use.id = "use-hint";
    use.addEventListener("click", () => {
      byId("move-input").value = h.move === "pass" ? "pass" : h.move;
      typedSelection();
    });
    line.appendChild(use);
    panel.appendChild(line);
    panel.appendChild(el("div", "rule", h.rule));
    if (h.search) drawSearch(panel, h.search, h.stake, h.move);
    panel.appendChild(el("div", "solver", describeSolver(h.solver, h.solver_cards)));
  } catch (e) {
    panel.textContent = e.message;
  }
}

// "why?" next to an opponent's play in the move log.
async function explainPlay(index) {
  if (play.busy) return;
  const panel = byId("hint-panel");
  panel.hidden = false;
  panel.textContent = "Thinking…";
  try {
    const x = await api("POST", `/api/games/${play.game.id}/explain`, { play: index });
    panel.textContent = "";
    const what = x.cards === "pass" ? "passed" : `played ${x.cards} (${x.type.replace(/_/g, " ")})`;
    panel.appendChild(el("h3", "", `Why ${SEAT_NAMES[x.seat]} ${what}`));
    panel.appendChild(el("div", "note", `Agent ${x.agent}, move ${index + 1} of the play.`));
    panel.appendChild(el("div", "rule", x.rule));
    if (x.search) drawSearch(panel, x.search, x.stake, x.cards);
    panel.appendChild(el("div", "solver", describeExplainSolver(x.solver, x.solver_cards, SEAT_NAMES[x.seat], x.cards === "pass" ? "passing" : x.cards)));
    panel.scrollIntoView({ block: "nearest" });
  } catch (e) {
    panel.textContent = e.message;
  }
}
