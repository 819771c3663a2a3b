// The page's frame: tabs, the JSON API helper and the server's settings, shared by the play,
// replay and arena views.
"use strict";

const app = { config: null };

// Calls the JSON API; resolves with the body, rejects with the server's error message.
async function api(method, path, body) {
  const init = { method: method, headers: {} };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers["Content-Type"] = typeof body === "string" ? "text/plain" : "application/json";
  } else if (method !== "GET") {
    init.body = "{}";
    init.headers["Content-Type"] = "application/json";
  }
  const res = await fetch(path, init);
  let data;
  try {
    data = await res.json();
  } catch (e) {
    throw new Error(`HTTP ${res.status}: the answer is not JSON`);
  }
  if (!res.ok) {
    const err = new Error(data.error || `HTTP ${res.status}`);
    err.status = res.status;
    throw err;
  }
  return data;
}

function showError(id, message) {
  const el = document.getElementById(id);
  el.textContent = message || "";
}

function showView(name) {
  for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.dataset.view === name);
  for (const view of document.querySelectorAll(".view")) view.hidden = view.id !== "view-" + name;
}

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

for (const tab of document.querySelectorAll(".tab")) tab.addEventListener("click", () => showView(tab.dataset.view));

// The settings arrive before the views start: the default opponents and the arena's cap.
app.ready = api("GET", "/api/config").then((config) => {
  app.config = config;
  return config;
});
