// The event list: every input told as `replay log` tells it, grouped by
// game, turn and step, each with the time its decision took.

import { esc, took } from "chronicle/dom.js";

// slowMs is the decision time from which an input is marked slow.
export const slowMs = 60000;

// tookAt is how long the decision of entry i took, or null when unknown.
export function tookAt(t, i) {
  if (i <= 0 || !t.times[i] || !t.times[i - 1]) return null;
  return t.times[i] - t.times[i - 1];
}

// renderEvents writes the list of timeline t as HTML.
export function renderEvents(t) {
  const marksAt = new Map();
  for (const m of t.marks) {
    if (m.kind === "turn") continue;
    const l = marksAt.get(m.seq) || [];
    l.push(m);
    marksAt.set(m.seq, l);
  }
  const out = [];
  let turnKey = null, stepKey = null;
  t.entries.forEach((e, i) => {
    const game = Math.max(e.game, 1);
    const tk = `${game}.${e.turn}`;
    if (tk !== turnKey) {
      if (stepKey !== null) out.push("</ol></div>");
      if (turnKey !== null) out.push("</section>");
      const title = e.turn > 0 ? `${game > 1 ? `Game ${game} · ` : ""}Turn ${e.turn}` : (game > 1 ? `Game ${game} · before the first turn` : "Before the first turn");
      out.push(`<section class="turn" data-game="${game}" data-turn="${e.turn}"><h3>${title}</h3>`);
      turnKey = tk;
      stepKey = null;
    }
    const sk = e.step || "pregame";
    if (sk !== stepKey) {
      if (stepKey !== null) out.push("</ol></div>");
      out.push(`<div class="step"><h4>${esc(sk)}</h4><ol>`);
      stepKey = sk;
    }
    const d = tookAt(t, i);
    const time = d === null ? "" : `<span class="took${d >= slowMs ? " slow" : ""}" title="time taken by this decision">${took(d)}</span>`;
    const badges = (marksAt.get(e.seq) || []).map((m) => `<span class="mk mk-${esc(m.kind)}" title="${esc(m.text)}">${esc(m.kind)}</span>`).join("");
    const lines = e.lines && e.lines.length ? `<ul class="lines">${e.lines.map((l) => `<li>${esc(l)}</li>`).join("")}</ul>` : "";
    out.push(`<li class="entry" id="e-${e.seq}" data-seq="${e.seq}" tabindex="-1"><a class="seq" href="?seq=${e.seq}">${e.seq}</a> <span class="text">${esc(e.text)}</span>${badges}${time}${lines}</li>`);
  });
  if (stepKey !== null) out.push("</ol></div>");
  if (turnKey !== null) out.push("</section>");
  if (t.stopped) out.push(`<p class="stopped">The replay stops early: ${esc(t.stopped.message)}</p>`);
  return out.join("");
}
