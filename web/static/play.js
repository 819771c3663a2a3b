// The play view: a person at seat 0 against two agents. Draws the table from the server's view
// of the game (or, while the opponents' plays are shown one by one, from a view of that moment),
// selects cards by click or typed notation, asks the server whether a selection is legal before
// it may be sent, and takes back a move outside ranked games.
"use strict";

// `game`: the server's latest view; `shown`: the earlier moment drawn while plays are revealed.
// `drawn`: the view drawn last (sound.js plays what changed since).
const play = { game: null, shown: null, drawn: null, selected: new Set(), checkSeq: 0, check: null, busy: false };
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
  if (g.can_undo) {
    const back = el("button", "", "Take back my last move");
    back.id = "undo-end";
    back.addEventListener("click", () => act("undo"));
    box.appendChild(back);
  }
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
  g.plays.forEach((p, i) => {
    const li = el("li", p.seat === 0 ? "mine" : "", `${SEAT_NAMES[p.seat]}: ${p.cards === "pass" ? "pass" : p.cards + " (" + p.type.replace(/_/g, " ") + ")"}`);
    li.dataset.play = i;
    if (p.seat !== 0) {
      // An opponent's play: what its search saw and why it chose this.
      const why = el("button", "why", "why?");
      why.title = "What the agent's search thought of this play";
      why.addEventListener("click", () => explainPlay(i));
      li.appendChild(why);
    }
    log.appendChild(li);
  });
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

function drawGame(view) {
  const g = view || play.game;
  play.shown = view || null;
  soundFor(play.drawn, g);
  play.drawn = g;
  const actions = seatActions(g);
  drawOpponent(1, g, actions);
  drawOpponent(2, g, actions);
  const kitty = byId("kitty");
  if (g.phase === "bidding") drawBacks(kitty, 3);
  else drawCards(kitty, g.kitty);
  drawInfo(g);
  drawTracker(g);
  drawResult(g);
  drawLog(g);
  const me = byId("me-name");
  me.textContent = "You" + (g.roles[0] ? " · " + roleText(g.roles[0]) : "") + ` · ${g.cards_left[0]} cards` + (g.ranked ? " · ranked" : "");
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
    if (g.can_undo) {
      const undo = el("button", "", "Undo");
      undo.id = "undo-bid";
      undo.addEventListener("click", () => act("undo"));
      bids.appendChild(undo);
    }
  }
  byId("move-controls").hidden = !(g.phase === "play" && g.your_turn);
  const pass = byId("pass-btn");
  pass.disabled = !g.legal.includes("pass");
  pass.title = pass.disabled ? "You lead: a leader may not pass" : "";
  const undo = byId("undo-btn");
  undo.disabled = !g.can_undo;
  undo.hidden = g.ranked;
  undo.title = g.can_undo ? "Take back your last move and the opponents' answers" : "Nothing of yours to take back";
  updateSelection("");
}

// The selection as canonical notation, from the selected cards.
function selectionText() {
  const cards = play.game ? play.game.hand : "";
  return [...play.selected].sort((a, b) => a - b).map((i) => cards[i]).join("");
}

function toggleCard(i) {
  if (play.busy || !play.game || !play.game.your_turn || play.game.phase !== "play") return;
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
  byId("table").classList.remove("revealing");
  document.querySelectorAll("#move-controls button, #move-controls input, #bid-buttons button, #result button").forEach((c) => {
    if (on) c.disabled = true;
  });
  if (on) {
    byId("reason").textContent = "The opponents are thinking…";
    byId("reason").className = "reason thinking";
    return;
  }
  // As before the request: Play only for a checked legal selection, Pass only when following.
  for (const id of ["move-input", "clear-btn", "hint-btn"]) byId(id).disabled = false;
  byId("undo-btn").disabled = !(play.game && play.game.can_undo);
  byId("pass-btn").disabled = !(play.game && play.game.legal.includes("pass"));
  byId("play-btn").disabled = !(play.check && play.check.verdict && play.check.verdict.legal);
  document.querySelectorAll("#bid-buttons button, #result button").forEach((c) => (c.disabled = false));
  if (byId("reason").classList.contains("thinking")) {
    byId("reason").textContent = "";
    byId("reason").className = "reason";
  }
}

// The first play of `g` that the person has not seen drawn yet: after the person's move, the
// one after it; after a bid that ended the bidding, the first.
function firstUnseenPlay(before, path, g) {
  if (path === "undo") return g.plays.length;
  if (before.phase === "bidding") return 0;
  return Math.min(before.plays.length + (path === "play" ? 1 : 0), g.plays.length);
}

// The person's bid, move or undo; the opponents' plays in the answer are shown one by one.
async function act(path, body) {
  if (play.busy) return;
  setBusy(true);
  try {
    showError("play-error", "");
    const before = play.game;
    const g = await api("POST", `/api/games/${play.game.id}/${path}`, body);
    byId("hint-panel").hidden = true;
    play.selected.clear();
    await revealPlays(g, firstUnseenPlay(before, path, g), showMoment);
    setBusy(false);
    setGame(g);
  } catch (e) {
    setBusy(false);
    if (e.status === 404) showError("play-error", e.message + ". Start a new game.");
    else {
      byId("reason").textContent = `Not allowed: ${e.message}`;
      byId("reason").className = "reason refused";
    }
  }
}

// One moment of the opponents' turns: the table then, the seat to play thinking.
function showMoment(v) {
  drawGame(v);
  byId("table").classList.remove("thinking");
  byId("table").classList.add("revealing");
  byId("reason").textContent = `${SEAT_NAMES[v.to_move]} is thinking…`;
  byId("reason").className = "reason thinking";
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
  if (byId("ranked").checked) body.ranked = true;
  showError("play-error", "");
  byId("hint-panel").hidden = true;
  if (play.busy) return;
  setBusy(true);
  try {
    const g = await api("POST", "/api/games", body);
    // The agents' plays before the person's first turn, one by one (a drawn table first).
    if (g.plays.length > 0) await revealPlays(g, 0, showMoment);
    setBusy(false);
    setGame(g);
    const link = byId("deal-link");
    link.href = dealLink(g);
    link.hidden = false;
    link.textContent = `Link to this deal (seed ${g.seed})`;
    history.replaceState(null, "", dealLink(g));
  } catch (e) {
    setBusy(false);
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
byId("undo-btn").addEventListener("click", () => act("undo"));
byId("move-input").addEventListener("input", typedSelection);
byId("move-input").addEventListener("keydown", (ev) => {
  if (ev.key === "Enter") sendMove();
});

// A link with ?seed=... replays that deal with the same opponents; otherwise a fresh deal.
app.ready.then((config) => {
  setupPace(config);
  setupTracker();
  setupSound();
  const params = new URLSearchParams(location.search);
  byId("opponents").value = params.get("opponents") || config.agent;
  if (params.has("seed")) byId("seed").value = params.get("seed");
  if (params.get("bidding") === "0") byId("bidding").checked = false;
  if (params.has("role")) byId("role").value = params.get("role");
  byId("role-label").hidden = byId("bidding").checked;
  newGame();
}).catch((e) => showError("play-error", "The server did not answer: " + e.message));
