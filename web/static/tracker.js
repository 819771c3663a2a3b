// The card tracker: how many cards of each rank the player has not seen (neither in the hand nor
// played: what the opponents hold, and the kitty while bidding), from the view's `unseen`.
"use strict";

const tracker = { on: true };

function drawTracker(g) {
  const box = document.getElementById("tracker");
  box.hidden = !tracker.on || !g || g.result !== undefined;
  box.textContent = "";
  if (box.hidden) return;
  const counts = {};
  for (const r of g.unseen) counts[r] = (counts[r] || 0) + 1;
  box.appendChild(el("div", "caption", `Not seen: ${g.unseen.length} cards`));
  const row = el("div", "tracker-row");
  for (const r of RANKS) {
    const cell = el("div", "tracker-cell" + (counts[r] ? "" : " gone"));
    cell.dataset.rank = r;
    cell.appendChild(el("span", "rank", r === "X" ? "jk" : r === "D" ? "JK" : rankLabel(r)));
    cell.appendChild(el("span", "n", String(counts[r] || 0)));
    cell.title = r === "X" ? "small joker" : r === "D" ? "big joker" : rankLabel(r) + "s";
    row.appendChild(cell);
  }
  box.appendChild(row);
}

function setupTracker() {
  const box = document.getElementById("tracker-on");
  tracker.on = localStorage.getItem("ddz.tracker") !== "off";
  box.checked = tracker.on;
  box.addEventListener("change", () => {
    tracker.on = box.checked;
    localStorage.setItem("ddz.tracker", tracker.on ? "on" : "off");
    drawTracker(play.shown || play.game);
  });
}
