// The opponents' plays shown one after the other: the server answers a move with the table after
// every agent's turn, and the page draws the plays in between from that view, with a pause
// (the server's --pace-ms, or the player's choice kept in this browser) on each seat's turn.
"use strict";

const pace = { ms: 700 };
const PACE_CHOICES = [0, 300, 700, 1200, 2000];

// The server's trick_start: index of the current trick's first play (= length when a new trick
// is still to be led).
function trickStartOf(plays) {
  let start = 0;
  let passes = 0;
  for (let i = 0; i < plays.length; i++) {
    if (plays[i].cards === "pass") {
      passes++;
      continue;
    }
    if (passes >= 2) start = i;
    passes = 0;
  }
  return passes >= 2 ? plays.length : start;
}

// The view `g` as it stood after its first `n` plays (n < g.plays.length), with the seat of
// play n to move: the cards of the later plays go back to their seats (and to the unseen
// cards), the trick, the stake and the doublings are those of that moment.
function partialView(g, n) {
  const v = Object.assign({}, g);
  v.plays = g.plays.slice(0, n);
  v.cards_left = g.cards_left.slice();
  let unseen = g.unseen;
  for (const p of g.plays.slice(n)) {
    if (p.cards === "pass") continue;
    v.cards_left[p.seat] += p.cards.length;
    if (p.seat !== g.seat) unseen += p.cards;
  }
  v.unseen = canonicalCards(unseen) || "";
  v.trick_start = trickStartOf(v.plays);
  v.to_beat = "pass";
  v.to_beat_seat = null;
  for (let i = v.trick_start; i < n; i++) {
    if (v.plays[i].cards !== "pass") {
      v.to_beat = v.plays[i].cards;
      v.to_beat_seat = v.plays[i].seat;
    }
  }
  v.stake = n > 0 ? v.plays[n - 1].stake : g.base;
  v.bombs = v.plays.filter((p) => p.type === "bomb").length;
  v.rockets = v.plays.filter((p) => p.type === "rocket").length;
  v.phase = "play";
  v.to_move = g.plays[n].seat;
  v.your_turn = false;
  v.legal = [];
  v.can_undo = false;
  delete v.result;
  delete v.record;
  return v;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Draws `g`'s plays from index `first` on one at a time, `pace.ms` apart, each time with the
// next seat to play thinking; resolves when the last one is shown (the caller then draws `g`).
async function revealPlays(g, first, draw) {
  if (pace.ms <= 0) return;
  for (let n = first; n < g.plays.length; n++) {
    draw(partialView(g, n));
    await sleep(pace.ms);
  }
}

// The pause setting: the server's default until the player picks another in this browser.
function setupPace(config) {
  const select = document.getElementById("pace");
  const choices = PACE_CHOICES.includes(config.pace_ms) ? PACE_CHOICES : [...PACE_CHOICES, config.pace_ms].sort((a, b) => a - b);
  for (const ms of choices) select.appendChild(el("option", "", ms === 0 ? "none" : `${ms / 1000} s`)).value = ms;
  const kept = Number(localStorage.getItem("ddz.pace_ms"));
  pace.ms = localStorage.getItem("ddz.pace_ms") !== null && choices.includes(kept) ? kept : config.pace_ms;
  select.value = String(pace.ms);
  select.addEventListener("change", () => {
    pace.ms = Number(select.value);
    localStorage.setItem("ddz.pace_ms", String(pace.ms));
  });
}
