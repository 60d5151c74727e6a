// Small helpers shared by the pages.

const escapes = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

// esc makes text safe inside HTML, attributes included.
export function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => escapes[c]);
}

// took is a decision's time for people: "850ms", "4s", "2m 05s".
export function took(ms) {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return `${m}m ${String(s % 60).padStart(2, "0")}s`;
}

// params reads the page's query string.
export function params() {
  return new URLSearchParams(location.search);
}

// playerName is "Alice (p1)" for a player id of the match.
export function playerName(players, id) {
  const p = (players || []).find((p) => p.id === id);
  return p ? `${p.name} (${p.id})` : id;
}

// viewName is how a view is offered: "Judge", "Alice (p1)", "Public".
export function viewName(players, as) {
  if (as === "judge") return "Judge";
  if (as === "public") return "Public";
  return playerName(players, as);
}

// plural is "1 card", "3 cards".
export function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
