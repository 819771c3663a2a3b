// Cards drawn with HTML and CSS (no images): a face with rank and suit in the corners, jokers,
// and face-down backs. Suits do not matter in Dou Dizhu; a rank's cards get the four suits in
// turn, starting from a suit that depends on the rank, so that a hand looks like a hand.
"use strict";

const RANKS = "3456789TJQKA2XD";
const SUITS = ["\u2660", "\u2665", "\u2663", "\u2666"];

// Cards in notation to a canonical string (ranks sorted); null when a character is not a card.
function canonicalCards(text) {
  const t = text.toUpperCase().replace(/10/g, "T").replace(/B/g, "X").replace(/R/g, "D").replace(/[\s,]/g, "");
  if (t === "" || t === "PASS" || t === "-") return "";
  const out = [];
  for (const ch of t) {
    if (RANKS.indexOf(ch) < 0) return null;
    out.push(ch);
  }
  out.sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b));
  return out.join("");
}

function rankLabel(r) {
  return r === "T" ? "10" : r;
}

// One card face; `suit` is the card's index among its rank (0..3).
function cardFace(rank, suit) {
  const el = document.createElement("div");
  el.className = "card";
  el.dataset.rank = rank;
  if (rank === "X" || rank === "D") {
    el.classList.add("joker", rank === "D" ? "red" : "black");
    el.innerHTML = '<span class="joker-text">JOKER</span><span class="pip">\u2605</span>';
    el.title = rank === "D" ? "big joker (D)" : "small joker (X)";
    return el;
  }
  const s = SUITS[(RANKS.indexOf(rank) + suit) % 4];
  if (s === "\u2665" || s === "\u2666") el.classList.add("red");
  if (rank === "T") el.classList.add("ten");  // two digits: a narrower corner (style.css)
  el.innerHTML = `<span class="corner">${rankLabel(rank)}<br>${s}</span><span class="pip">${s}</span>` +
                 `<span class="corner bottom">${rankLabel(rank)}<br>${s}</span>`;
  el.title = rankLabel(rank);
  return el;
}

function cardBack() {
  const el = document.createElement("div");
  el.className = "card back";
  return el;
}

// Fills `container` with the faces of `cards` (notation), low to high.
function drawCards(container, cards) {
  container.textContent = "";
  const seen = {};
  for (const r of cards) {
    seen[r] = (seen[r] || 0) + 1;
    container.appendChild(cardFace(r, seen[r] - 1));
  }
  return container;
}

function drawBacks(container, count) {
  container.textContent = "";
  for (let i = 0; i < count; i++) container.appendChild(cardBack());
  return container;
}
