// The play view: a person at seat 0 against two agents. Draws the table from the server's view
// of the game, selects cards by click or typed notation, asks the server whether a selection is
// legal before it may be sent, and shows hints with the agent's search and the solver's verdict.
"use strict";

const play = { game: null, selected: new Set(), checkSeq: 0, check: null, busy: false };
const SEAT_NAMES = ["You", "Seat 1 (right)", "Seat 2 (left)"];

function roleText(role) {
  return role === "landlord" ? "Landlord" : role ? "Farmer" : "";
}

function byId(id) {
  return document.getElementById(id);
}

// Index of the first play of the trick that ends at `end` (the server's trick_start rule).
function trickStartBefore(plays, end) {
  let start = 0;
  let passes = 0;
  for (let i = 0; i < end; i++) {
    if (plays[i].cards === "pass") {
      passes++;
      continue;
    }
    if (passes >= 2) start = i;
    passes = 0;
  }
  return start;
}

// Each seat's latest action: its bid while bidding, else its play in the current trick; when a
// new trick is still to be led, the last trick's plays (shown faded, as `last`).
function seatActions(g) {
  const actions = ["", "", ""];
  actions.last = false;
  if (g.phase === "bidding") {
    for (const b of g.bids) actions[b.seat] = b.bid === 0 ? "no bid" : "bids " + b.bid;
    return actions;
  }
  let start = g.trick_start;
  if (start === g.plays.length && start > 0) {
    start = trickStartBefore(g.plays, g.plays.length);
    actions.last = true;
  }
  for (let i = start; i < g.plays.length; i++) actions[g.plays[i].seat] = g.plays[i].cards;
  return actions;
}

function drawAction(container, action, last) {
  container.textContent = "";
  container.classList.toggle("last", !!last);
  container.title = last ? "the last trick" : "";
  if (!action) return;
  if (action === "pass" || action.startsWith("bids") || action === "no bid") {
    container.appendChild(el("span", "action-text", action === "pass" ? "Pass" : action));
    return;
  }
  const cards = drawCards(el("div", "cards small"), action);
  container.appendChild(cards);
}

function drawOpponent(seat, g, actions) {
  const box = byId("seat-" + seat);
  box.textContent = "";
  const head = el("div", "seat-head");
  head.appendChild(el("span", "name", SEAT_NAMES[seat]));
  if (g.roles[seat]) head.appendChild(el("span", "badge " + (g.roles[seat] === "landlord" ? "landlord" : "farmer"), roleText(g.roles[seat])));
  head.appendChild(el("span", "count", g.cards_left[seat] + " cards"));
  if (g.to_move === seat) head.classList.add("to-move");
  box.appendChild(head);
  const hand = el("div", "cards backs" + (g.result ? " open" : ""));
  if (g.result) drawCards(hand, g.result.hands[seat]);
  else drawBacks(hand, g.cards_left[seat]);
  box.appendChild(hand);
  const action = el("div", "action");
  action.id = "action-" + seat;
  drawAction(action, actions[seat], actions.last);
  box.appendChild(action);
}

function drawInfo(g) {
  const info = byId("table-info");
  info.textContent = "";
  const highest = g.bids.reduce((m, b) => Math.max(m, b.bid), 0);
  const lines = [];
  if (g.phase === "bidding") {
    lines.push(`Bidding: highest bid ${highest || "none"}`);
  } else {
    lines.push(`Base ${g.base} · bombs ${g.bombs} · rockets ${g.rockets} · stake ${g.stake}`);
    if (g.phase === "play") {
      lines.push(g.to_beat === "pass" ? (g.your_turn ? "You lead: play any combination" : "")
                                      : `To beat: ${g.to_beat} from ${SEAT_NAMES[g.to_beat_seat]}`);
    }
  }
  for (const line of lines) if (line) info.appendChild(el("div", "", line));
}

function drawResult(g) {
  const box = byId("result");
  box.hidden = !g.result;
  if (!g.result) return;
  const r = g.result;
  box.textContent = "";
  box.className = "result " + (r.you_won ? "won" : "lost");
  box.appendChild(el("div", "big", r.you_won ? "You win!" : "You lose."));
  const extras = [r.spring ? "spring" : "", r.anti_spring ? "anti-spring" : ""].filter((x) => x).join(", ");
  box.appendChild(el("div", "", `${SEAT_NAMES[r.winner]} played out. Stake ${r.stake}${extras ? " (" + extras + ")" : ""}.`));
  box.appendChild(el("div", "", "Scores: " + r.scores.map((s, i) => `${SEAT_NAMES[i]} ${s > 0 ? "+" : ""}${s}`).join(", ")));
  const again = el("button", "", "Play this deal again");
  again.id = "play-again";
  again.addEventListener("click", () => newGame({ sameDeal: true }));
  box.appendChild(again);
}

function drawLog(g) {
  const log = byId("log");
  log.textContent = "";
  for (const b of g.bids) log.appendChild(el("li", "", `${SEAT_NAMES[b.seat]}: ${b.bid === 0 ? "no bid" : "bids " + b.bid}`));
  if (g.landlord !== null) {
    const who = g.landlord === 0 ? "You are the landlord and take" : `${SEAT_NAMES[g.landlord]} is the landlord and takes`;
    log.appendChild(el("li", "note", `${who} the kitty ${g.kitty}`));
  }
  for (const p of g.plays) log.appendChild(el("li", p.seat === 0 ? "mine" : "", `${SEAT_NAMES[p.seat]}: ${p.cards === "pass" ? "pass" : p.cards + " (" + p.type + ")"}`));
  log.scrollTop = log.scrollHeight;
}

function drawHand(g) {
  const hand = byId("hand");
  drawCards(hand, g.hand);
  hand.querySelectorAll(".card").forEach((card, i) => {
    card.dataset.index = i;
    if (play.selected.has(i)) card.classList.add("selected");
    card.addEventListener("click", () => toggleCard(i));
  });
}

function drawGame() {
  const g = play.game;
  const actions = seatActions(g);
  drawOpponent(1, g, actions);
  drawOpponent(2, g, actions);
  const kitty = byId("kitty");
  if (g.phase === "bidding") drawBacks(kitty, 3);
  else drawCards(kitty, g.kitty);
  drawInfo(g);
  drawResult(g);
  drawLog(g);
  const me = byId("me-name");
  me.textContent = "You" + (g.roles[0] ? " · " + roleText(g.roles[0]) : "") + ` · ${g.cards_left[0]} cards`;
  me.classList.toggle("to-move", g.your_turn);
  drawAction(byId("me-action"), actions[0], actions.last);
  drawHand(g);

  const bids = byId("bid-buttons");
  bids.hidden = !(g.phase === "bidding" && g.your_turn);
  bids.textContent = "";
  for (const b of g.legal_bids) {
    const button = el("button", "", b === 0 ? "No bid" : "Bid " + b);
    button.dataset.bid = b;
    button.addEventListener("click", () => sendBid(b));
    bids.appendChild(button);
  }
  if (g.phase === "bidding" && g.your_turn) {
    const hint = el("button", "", "Hint");
    hint.addEventListener("click", askHint);
    bids.appendChild(hint);
  }
  byId("move-controls").hidden = !(g.phase === "play" && g.your_turn);
  const pass = byId("pass-btn");
  pass.disabled = !g.legal.includes("pass");
  pass.title = pass.disabled ? "You lead: a leader may not pass" : "";
  updateSelection("");
}

// The selection as canonical notation, from the selected cards.
function selectionText() {
  const cards = play.game ? play.game.hand : "";
  return [...play.selected].sort((a, b) => a - b).map((i) => cards[i]).join("");
}

function toggleCard(i) {
  if (!play.game || !play.game.your_turn || play.game.phase !== "play") return;
  if (play.selected.has(i)) play.selected.delete(i);
  else play.selected.add(i);
  byId("hand").querySelectorAll(".card").forEach((c) => c.classList.toggle("selected", play.selected.has(+c.dataset.index)));
  byId("move-input").value = selectionText();
  updateSelection(selectionText());
}

// Typed notation selects the matching cards of the hand (when it holds them).
function typedSelection() {
  const text = byId("move-input").value;
  const canon = canonicalCards(text);
  play.selected.clear();
  if (canon) {
    const hand = play.game.hand;
    const used = new Set();
    for (const ch of canon) {
      for (let i = 0; i < hand.length; i++) {
        if (hand[i] === ch && !used.has(i)) {
          used.add(i);
          break;
        }
      }
    }
    if (used.size === canon.length) used.forEach((i) => play.selected.add(i));
  }
  byId("hand").querySelectorAll(".card").forEach((c) => c.classList.toggle("selected", play.selected.has(+c.dataset.index)));
  updateSelection(text);
}

// Asks the server whether `text` may be played now; the Play button is enabled only for a legal
// move, and the reason of a refusal is shown before anything is sent.
async function updateSelection(text) {
  const reason = byId("reason");
  const button = byId("play-btn");
  play.check = null;
  button.disabled = true;
  if (!play.game || play.game.phase !== "play" || !play.game.your_turn) {
    reason.textContent = play.game && play.game.phase === "bidding" && play.game.your_turn ? "Your bid." : "";
    reason.className = "reason";
    return;
  }
  if (text.trim() === "") {
    reason.textContent = "Select cards or type them, then Play.";
    reason.className = "reason";
    return;
  }
  const seq = ++play.checkSeq;
  try {
    const verdict = await api("POST", `/api/games/${play.game.id}/check`, { cards: text });
    if (seq !== play.checkSeq) return;  // a newer selection is being checked
    play.check = { text: text, verdict: verdict };
    button.disabled = !verdict.legal;
    reason.textContent = verdict.legal ? `${verdict.move}: ${verdict.type.replace(/_/g, " ")}` : `Not allowed: ${verdict.reason}`;
    reason.className = "reason " + (verdict.legal ? "ok" : "refused");
  } catch (e) {
    if (seq !== play.checkSeq) return;
    reason.textContent = e.message;
    reason.className = "reason refused";
  }
}

function setGame(g) {
  play.game = g;
  play.selected.clear();
  byId("move-input").value = "";
  drawGame();
}

// While a bid or move is in flight the agents are thinking: every control is disabled (a
// second click used to send the move again and come back 422), the table pulses and says so.
function setBusy(on) {
  play.busy = on;
  byId("table").classList.toggle("thinking", on);
  document.querySelectorAll("#move-controls button, #move-controls input, #bid-buttons button").forEach((c) => {
    if (on) c.disabled = true;
  });
  if (on) {
    byId("reason").textContent = "The opponents are thinking…";
    byId("reason").className = "reason thinking";
    return;
  }
  // As before the request: Play only for a checked legal selection, Pass only when following.
  for (const id of ["move-input", "clear-btn", "hint-btn"]) byId(id).disabled = false;
  byId("pass-btn").disabled = !(play.game && play.game.legal.includes("pass"));
  byId("play-btn").disabled = !(play.check && play.check.verdict && play.check.verdict.legal);
  document.querySelectorAll("#bid-buttons button").forEach((c) => (c.disabled = false));
  if (byId("reason").classList.contains("thinking")) {
    byId("reason").textContent = "";
    byId("reason").className = "reason";
  }
}

async function act(path, body) {
  if (play.busy) return;
  setBusy(true);
  try {
    showError("play-error", "");
    const g = await api("POST", `/api/games/${play.game.id}/${path}`, body);
    setBusy(false);
    setGame(g);
    byId("hint-panel").hidden = true;
  } catch (e) {
    setBusy(false);
    if (e.status === 404) showError("play-error", e.message + ". Start a new game.");
    else {
      byId("reason").textContent = `Not allowed: ${e.message}`;
      byId("reason").className = "reason refused";
    }
  }
}

function sendBid(b) {
  act("bid", { bid: b });
}

function sendMove() {
  const text = byId("move-input").value;
  const c = play.check;
  if (!c || c.text !== text || !c.verdict.legal) {
    updateSelection(text);  // shows why; nothing is sent
    return;
  }
  act("play", { cards: text });
}

function describeSolver(s, cards) {
  if (!s) return `The exact solver answers when at most ${cards} cards are left in all hands.`;
  if (!s.complete) return `The exact solver gave up after ${s.nodes.toLocaleString()} nodes.`;
  if (!s.win) return "With all hands known and perfect play on every side, you lose whatever you play.";
  return `With all hands known and perfect play, you win: winning moves ${s.winning_moves.join(", ")}` +
         ` (one winning line: ${s.line.map((st) => SEAT_NAMES[st.seat] + " " + st.cards).join(", ")}).`;
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
    if (h.search) {
      const s = h.search;
      // Figures a search kind does not keep are 0 (gumbel keeps no tree): leave those out.
      const parts = [`${s.simulations} simulations`];
      if (s.tree_nodes > 0) parts.push(`${s.tree_nodes} tree nodes`);
      if (s.solver_calls > 0) parts.push(`${s.solver_calls} exact endgame solves`);
      if (s.seconds > 0) parts.push(`${s.seconds.toFixed(2)} s`);
      panel.appendChild(el("div", "note", "Search: " + parts.join(", ")));
      const table = el("table", "search");
      table.innerHTML = "<tr><th>move</th><th>type</th><th>visits</th><th>value</th><th>prior</th></tr>";
      const moves = [...s.moves].sort((a, b) => b.visits - a.visits || b.prior - a.prior).slice(0, 12);
      for (const m of moves) {
        const tr = el("tr", m.move === s.chosen ? "chosen" : "");
        for (const v of [m.move, m.type.replace(/_/g, " "), m.visits, m.value.toFixed(3), m.prior.toFixed(3)]) tr.appendChild(el("td", "", String(v)));
        table.appendChild(tr);
      }
      panel.appendChild(table);
      if (s.moves.length > moves.length) panel.appendChild(el("div", "note", `${s.moves.length - moves.length} more moves not shown`));
    } else {
      panel.appendChild(el("div", "note", "This agent does not search: no candidate statistics."));
    }
    panel.appendChild(el("div", "solver", describeSolver(h.solver, h.solver_cards)));
  } catch (e) {
    panel.textContent = e.message;
  }
}

function dealLink(g) {
  const params = new URLSearchParams({ seed: g.seed, opponents: g.opponents, bidding: g.bidding ? "1" : "0" });
  if (!g.bidding && g.role >= 0) params.set("role", ["landlord", "landlord_down", "landlord_up"][g.role]);
  return "?" + params.toString();
}

async function newGame(options) {
  const body = {};
  const seed = byId("seed").value.trim();
  if (options && options.sameDeal && play.game) body.seed = play.game.seed;
  else if (seed !== "") body.seed = Number(seed);
  body.opponents = byId("opponents").value.trim() || app.config.agent;
  body.bidding = byId("bidding").checked;
  if (!body.bidding) body.role = byId("role").value;
  showError("play-error", "");
  byId("hint-panel").hidden = true;
  try {
    const g = await api("POST", "/api/games", body);
    setGame(g);
    const link = byId("deal-link");
    link.href = dealLink(g);
    link.hidden = false;
    link.textContent = `Link to this deal (seed ${g.seed})`;
    history.replaceState(null, "", dealLink(g));
  } catch (e) {
    showError("play-error", e.message);
  }
}

byId("new-game-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  newGame();
});
byId("bidding").addEventListener("change", () => (byId("role-label").hidden = byId("bidding").checked));
byId("play-btn").addEventListener("click", sendMove);
byId("pass-btn").addEventListener("click", () => act("play", { cards: "pass" }));
byId("clear-btn").addEventListener("click", () => {
  byId("move-input").value = "";
  typedSelection();
});
byId("hint-btn").addEventListener("click", askHint);
byId("move-input").addEventListener("input", typedSelection);
byId("move-input").addEventListener("keydown", (ev) => {
  if (ev.key === "Enter") sendMove();
});

// A link with ?seed=... replays that deal with the same opponents; otherwise a fresh deal.
app.ready.then((config) => {
  const params = new URLSearchParams(location.search);
  byId("opponents").value = params.get("opponents") || config.agent;
  if (params.has("seed")) byId("seed").value = params.get("seed");
  if (params.get("bidding") === "0") byId("bidding").checked = false;
  if (params.has("role")) byId("role").value = params.get("role");
  byId("role-label").hidden = byId("bidding").checked;
  newGame();
}).catch((e) => showError("play-error", "The server did not answer: " + e.message));
