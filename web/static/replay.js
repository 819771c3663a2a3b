// The replay view: game records from a file or pasted text, replayed by the server (which
// validates them), stepped through forward and back with every hand shown.
"use strict";

const replay = { games: [], game: 0, step: 0 };

function replayById(id) {
  return document.getElementById(id);
}

function drawReplay() {
  const table = replayById("replay-table");
  table.textContent = "";
  const g = replay.games[replay.game];
  if (!g) return;
  const f = g.frames[replay.step];
  replayById("replay-step").textContent = `step ${replay.step} of ${g.frames.length - 1}`;
  replayById("replay-slider").max = g.frames.length - 1;
  replayById("replay-slider").value = replay.step;
  replayById("replay-label").textContent = f.label;
  for (let seat = 0; seat < 3; seat++) {
    const row = el("div", "replay-seat" + (f.to_move === seat ? " to-move" : ""));
    const head = el("div", "seat-head");
    head.appendChild(el("span", "name", `Seat ${seat}`));
    if (f.landlord !== null) head.appendChild(el("span", "badge " + (f.landlord === seat ? "landlord" : "farmer"), f.landlord === seat ? "Landlord" : "Farmer"));
    head.appendChild(el("span", "agent", g.agents[seat] || ""));
    head.appendChild(el("span", "count", f.hands[seat].length + " cards"));
    row.appendChild(head);
    const body = el("div", "replay-body");
    body.appendChild(drawCards(el("div", "cards hand-small"), f.hands[seat]));
    const action = el("div", "action");
    drawAction(action, f.actions[seat]);
    body.appendChild(action);
    row.appendChild(body);
    table.appendChild(row);
  }
  const foot = el("div", "replay-foot");
  foot.appendChild(el("span", "caption", "Kitty "));
  foot.appendChild(drawCards(el("span", "cards small"), f.kitty));
  foot.appendChild(el("span", "", ` stake ${f.stake}`));
  if (replay.step === g.frames.length - 1 && g.winner !== null) {
    foot.appendChild(el("span", "", ` · winner seat ${g.winner}, scores ${g.scores.join(" / ")}`));
  }
  table.appendChild(foot);
}

function goTo(step) {
  const g = replay.games[replay.game];
  if (!g) return;
  replay.step = Math.max(0, Math.min(g.frames.length - 1, step));
  drawReplay();
}

async function loadReplay() {
  showError("replay-error", "");
  const text = replayById("replay-text").value;
  if (text.trim() === "") {
    showError("replay-error", "Paste a record or choose a file first.");
    return;
  }
  try {
    const data = await api("POST", "/api/replay", text);
    replay.games = data.games;
    replay.game = 0;
    replay.step = 0;
    const select = replayById("replay-game");
    select.textContent = "";
    data.games.forEach((g, i) => {
      const option = el("option", "", `${i + 1}: seed ${g.seed}, ${g.agents.join(" / ")}`);
      option.value = i;
      select.appendChild(option);
    });
    drawReplay();
  } catch (e) {
    replay.games = [];
    drawReplay();
    showError("replay-error", e.message);
  }
}

replayById("replay-load").addEventListener("click", loadReplay);
replayById("replay-file").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  replayById("replay-text").value = await file.text();
  loadReplay();
});
replayById("replay-game").addEventListener("change", (ev) => {
  replay.game = +ev.target.value;
  replay.step = 0;
  drawReplay();
});
replayById("replay-first").addEventListener("click", () => goTo(0));
replayById("replay-prev").addEventListener("click", () => goTo(replay.step - 1));
replayById("replay-next").addEventListener("click", () => goTo(replay.step + 1));
replayById("replay-last").addEventListener("click", () => goTo(Infinity));
replayById("replay-slider").addEventListener("input", (ev) => goTo(+ev.target.value));
document.addEventListener("keydown", (ev) => {
  if (replayById("view-replay").hidden || ev.target.tagName === "TEXTAREA" || ev.target.tagName === "INPUT") return;
  if (ev.key === "ArrowRight") goTo(replay.step + 1);
  if (ev.key === "ArrowLeft") goTo(replay.step - 1);
});
