// Sound, off unless the player turns it on ("Sound", kept in this browser): short tones made with
// the Web Audio API (no sound files) when an opponent plays, when it is the player's turn, and at
// the end of a game.
"use strict";

const sound = { on: false, context: null };

// One tone of `ms` milliseconds at `hz`, starting `delay` ms from now.
function tone(hz, ms, delay) {
  if (!sound.on) return;
  if (!sound.context) sound.context = new AudioContext();
  const ctx = sound.context;
  const start = ctx.currentTime + (delay || 0) / 1000;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.frequency.value = hz;
  gain.gain.setValueAtTime(0.12, start);
  gain.gain.exponentialRampToValueAtTime(0.001, start + ms / 1000);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + ms / 1000);
}

const sounds = {
  play: () => tone(520, 90),
  pass: () => tone(300, 70),
  yourTurn: () => tone(660, 120),
  won: () => [523, 659, 784].forEach((hz, i) => tone(hz, 180, i * 140)),
  lost: () => [392, 330, 262].forEach((hz, i) => tone(hz, 200, i * 160)),
};

// The sound of the moment `g` shows, after `before` was shown: the last play, the player's turn,
// the result.
function soundFor(before, g) {
  if (!sound.on || !g) return;
  if (g.result) {
    if (!before || !before.result) (g.result.you_won ? sounds.won : sounds.lost)();
    return;
  }
  const last = g.plays[g.plays.length - 1];
  if (last && last.seat !== g.seat && (!before || before.plays.length < g.plays.length))
    (last.cards === "pass" ? sounds.pass : sounds.play)();
  if (g.your_turn) sounds.yourTurn();
}

function setupSound() {
  const box = document.getElementById("sound-on");
  sound.on = localStorage.getItem("ddz.sound") === "on";
  box.checked = sound.on;
  box.addEventListener("change", () => {
    sound.on = box.checked;
    localStorage.setItem("ddz.sound", sound.on ? "on" : "off");
    if (sound.on) sounds.yourTurn();  // the click lets the browser start the audio
  });
}
