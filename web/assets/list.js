// The match list: filters by player, event, date (the store's indexes),
// format and status; each match with its result, length and status.

import { esc, params } from "chronicle/dom.js";

const filters = ["player", "event", "date", "format", "status"];

export async function showList(app, source, cfg) {
  const q = params();
  const offset = Number(q.get("offset")) || 0;
  const query = new URLSearchParams();
  for (const f of filters) if (q.get(f)) query.set(f, q.get(f));
  query.set("offset", offset);
  app.innerHTML = `<header class="top"><h1>Chronicle</h1><span class="meta">${esc(cfg.source || "")}${cfg.player ? ` · matches of ${esc(cfg.player)}` : ""}</span>
</header>
<form class="filters" method="get" action="/">
  ${filters.map((f) => f === "status"
    ? `<label>status <select name="status"><option value="">any</option>${["open", "finished"].map((s) => `<option${q.get(f) === s ? " selected" : ""}>${s}</option>`).join("")}</select></label>`
    : `<label>${f} <input name="${f}" value="${esc(q.get(f) || "")}"${f === "date" ? ' placeholder="YYYY-MM-DD"' : ""}></label>`).join("")}
  <button type="submit">Filter</button> <a href="/">clear</a>
</form>
<div id="matches"><p class="loading">Loading…</p></div>`;
  const el = app.querySelector("#matches");
  let page;
  try {
    page = await source.list(query.toString());
  } catch (err) {
    el.innerHTML = `<p class="error">${esc(err.message)}</p>`;
    return;
  }
  if (page.total === 0) {
    el.innerHTML = `<p class="empty">No matches${query.toString().replace(/offset=\d+/, "") ? " pass these filters" : " yet: record some with `recorder record`"}.</p>`;
    document.documentElement.dataset.ready = "1";
    return;
  }
  const rows = page.matches.map((m) => {
    const as = cfg.player ? "" : "judge";
    const r = m.result;
    const result = r ? `<span class="result${r.over ? " over" : ""}">${esc(r.text)}</span>` : "";
    const branch = m.parent ? `<div class="branchof">branch of ${esc(m.parent)} after seq ${m.branch_point}${m.label ? `: ${esc(m.label)}` : ""}</div>` : "";
    return `<tr data-match="${esc(m.match)}">
<td><a href="/m/${encodeURIComponent(m.match)}${as ? `?as=${as}` : ""}">${esc(m.match)}</a>${branch}</td>
<td>${esc(m.players.map((p) => p.name).join(" v "))}</td>
<td>${esc(m.format || "")}</td><td>${esc(m.event || "")}</td>
<td>${result}</td><td class="num">${m.head_seq}</td><td class="num">${verifiedCell(m)}</td><td>${esc(m.status || "")}</td>
<td>${m.started ? esc(m.started.slice(0, 16).replace("T", " ")) : ""}</td></tr>`;
  }).join("");
  const nav = [];
  const at = (o) => { const p = new URLSearchParams(query); p.set("offset", o); return `?${p}`; };
  if (offset > 0) nav.push(`<a href="${at(Math.max(offset - page.limit, 0))}">← previous</a>`);
  nav.push(`<span>${offset + 1} to ${offset + page.matches.length} of ${page.total}</span>`);
  if (offset + page.matches.length < page.total) nav.push(`<a href="${at(offset + page.limit)}">next →</a>`);
  el.innerHTML = `<table class="matches"><thead><tr><th>match</th><th>players</th><th>format</th><th>event</th><th>result</th><th>inputs</th><th title="share of inputs verified by the rules">verified</th><th>status</th><th>started (UTC)</th></tr></thead><tbody>${rows}</tbody></table>
<nav class="pages">${nav.join(" ")}</nav>`;
  document.documentElement.dataset.ready = "1";
}

// verifiedCell is the share of a match's inputs the rules verified, with
// the others counted in its title.
export function verifiedCell(m) {
  if (m.verified_share === undefined || m.verified_share === null) return "";
  const pct = `${Math.floor(m.verified_share * 1000) / 10}%`;
  const others = [];
  if (m.unverified) others.push(`${m.unverified} unverified`);
  if (m.disputed) others.push(`${m.disputed} disputed`);
  if (m.unchecked) others.push(`${m.unchecked} recorded without the rules`);
  const cls = m.disputed ? "disputed" : (m.unverified || m.unchecked ? "unverified" : "allverified");
  return `<span class="share ${cls}" title="${esc(`${m.verified} of ${m.head_seq} inputs verified by the rules${others.length ? "; " + others.join(", ") : ""}`)}">${pct}</span>`;
}
