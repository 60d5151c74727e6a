// Two matches side by side where they part (or at ?at=): each one's input
// there, each board, and the state difference as key paths.

import { esc, params } from "chronicle/dom.js";
import { renderBoard } from "chronicle/board.js";

export async function showDiff(app, source, cfg) {
  const q = params();
  const a = q.get("a") || "", b = q.get("b") || "";
  const as = q.get("as") ?? (cfg.player ? "" : "judge");
  app.innerHTML = `<header class="top"><a class="home" href="/">Matches</a><h1>${esc(a)} and ${esc(b)}</h1></header><div id="diff"><p class="loading">Comparing…</p></div>`;
  const el = app.querySelector("#diff");
  let d, va, vb;
  try {
    d = await source.diff(a, b, as, Number(q.get("at")) || 0);
    if (d.at) [va, vb] = await Promise.all([source.state(a, d.seq_a, as), source.state(b, d.seq_b, as)]);
  } catch (err) {
    el.innerHTML = `<p class="error">${esc(err.message)}</p>`;
    return;
  }
  const input = (x, m, seq) => x ? `<p class="input"><strong>seq ${x.seq}</strong> ${esc(x.kind)} by ${esc(x.actor)}${x.body ? ` <code>${esc(JSON.stringify(x.body))}</code>` : ""}</p>` : `<p class="input">no input ${seq}: the match ended before it</p>`;
  const head = d.identical
    ? `<p class="same">${esc(a)} and ${esc(b)} have the same inputs.</p>`
    : `<p class="part">They part at <strong>seq ${d.parted_at}</strong>.</p>`;
  const changes = d.changes.length
    ? `<table class="changes"><thead><tr><th>path</th><th>${esc(a)}</th><th>${esc(b)}</th></tr></thead><tbody>${d.changes.map((c) => `<tr><td>${esc(c.path)}</td><td>${esc(c.before)}</td><td>${esc(c.after)}</td></tr>`).join("")}</tbody></table>`
    : (d.at ? `<p>No difference in the state after seq ${d.at}.</p>` : "");
  const side = (m, x, v, seq) => `<section class="diffside" data-match="${esc(m)}"><h2><a href="/m/${encodeURIComponent(m)}?seq=${seq}&as=${encodeURIComponent(v ? v.as : as)}">${esc(m)}</a> after seq ${seq}</h2>${input(x, m, d.parted_at)}<div class="board">${v ? renderBoard(v, v.players.some((p) => p.id === v.as) ? v.as : v.players[0].id) : ""}</div></section>`;
  el.innerHTML = `${head}<h2>State difference${d.at ? ` after seq ${d.at}` : ""} (${esc(a)} → ${esc(b)})</h2>${changes}
${d.at ? `<div class="sidebyside">${side(a, d.input_a, va, d.seq_a)}${side(b, d.input_b, vb, d.seq_b)}</div>` : ""}`;
  document.documentElement.dataset.ready = "1";
}
