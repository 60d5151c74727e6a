// The scrub bar (the match's inputs left to right, segmented by turns,
// with marks) and the life-total chart under it. Both seek on click.

import { esc } from "chronicle/dom.js";

// renderScrub writes the bar for timeline t: a segment per turn coloured by
// the active player, a tick per mark, and the cursor.
export function renderScrub(t) {
  const n = t.entries.length;
  if (n === 0) return "";
  const first = t.entries[0].seq, last = t.entries[n - 1].seq;
  const span = Math.max(last - first + 1, 1);
  const pct = (seq) => ((seq - first) / span) * 100;
  const seats = t.match.players.map((p) => p.id);
  const turns = t.marks.filter((m) => m.kind === "turn");
  const segs = [];
  turns.forEach((m, i) => {
    const end = i + 1 < turns.length ? turns[i + 1].seq : last + 1;
    const who = seats.find((id) => m.text.includes(`: ${id} `)) || "";
    const seat = seats.indexOf(who);
    segs.push(`<div class="seg seg-${seat >= 0 ? seat + 1 : 0}" style="left:${pct(m.seq)}%;width:${pct(end) - pct(m.seq)}%" title="${esc(m.text)}"></div>`);
  });
  const ticks = t.marks.filter((m) => m.kind !== "turn").map((m) =>
    `<div class="tick tk-${esc(m.kind)}" style="left:${pct(m.seq)}%" title="seq ${m.seq}: ${esc(m.text)}"></div>`).join("") +
    t.entries.filter((e) => e.verification && e.verification !== "verified").map((e) =>
      `<div class="tick tk-${esc(e.verification)}" style="left:${pct(e.seq)}%" title="seq ${e.seq}: ${esc(e.verification)}${e.cards && e.cards.length ? ` (${esc(e.cards.join(", "))})` : ""}"></div>`).join("");
  return `<div class="bar" role="slider" aria-label="position in the match" aria-valuemin="${first}" aria-valuemax="${last}" tabindex="-1">${segs.join("")}${ticks}<div class="cursor"></div></div>`;
}

// placeScrub moves the bar's cursor to seq.
export function placeScrub(root, t, seq) {
  const bar = root.querySelector(".bar");
  if (!bar || t.entries.length === 0) return;
  const first = t.entries[0].seq, last = t.entries[t.entries.length - 1].seq;
  const span = Math.max(last - first + 1, 1);
  bar.querySelector(".cursor").style.left = `${((seq - first + 0.5) / span) * 100}%`;
  bar.setAttribute("aria-valuenow", seq);
}

// seqAt is the input under x (client coordinates) on element el.
export function seqAt(el, t, x) {
  const r = el.getBoundingClientRect();
  const first = t.entries[0].seq, last = t.entries[t.entries.length - 1].seq;
  const f = Math.min(Math.max((x - r.left) / Math.max(r.width, 1), 0), 1);
  return Math.min(last, first + Math.floor(f * (last - first + 1)));
}

// renderChart draws each player's life after every input.
export function renderChart(t) {
  const n = t.lives.length;
  if (n === 0) return "";
  const w = 1000, h = 120, pad = 6;
  let lo = Infinity, hi = -Infinity;
  for (const l of t.lives) for (const v of l) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  lo = Math.min(lo, 0);
  const y = (v) => h - pad - ((v - lo) / Math.max(hi - lo, 1)) * (h - 2 * pad);
  const x = (i) => (n === 1 ? w / 2 : (i / (n - 1)) * w);
  const lines = t.match.players.map((p, s) => {
    const pts = [];
    let prev = null;
    t.lives.forEach((l, i) => {
      if (l[s] === prev && i !== n - 1 && i !== 0) return;
      pts.push(`${x(i).toFixed(1)},${y(l[s]).toFixed(1)}`);
      prev = l[s];
    });
    return `<polyline class="life-${s + 1}" points="${pts.join(" ")}"><title>${esc(p.name)}'s life</title></polyline>`;
  }).join("");
  const legend = t.match.players.map((p, s) => `<span class="lg life-${s + 1}">${esc(p.name)}</span>`).join(" ");
  return `<div class="legend">Life: ${legend} <span class="range">${lo} to ${hi}</span></div>
<svg viewBox="0 0 ${w} ${h}" preserveAspectRatio="none" role="img" aria-label="life totals over the match">
<line class="zero" x1="0" x2="${w}" y1="${y(0)}" y2="${y(0)}"></line>${lines}<line class="cursor" x1="0" x2="0" y1="0" y2="${h}"></line></svg>`;
}

// placeChart moves the chart's cursor to entry i.
export function placeChart(root, t, i) {
  const line = root.querySelector("svg .cursor");
  if (!line) return;
  const n = t.lives.length;
  const x = n <= 1 ? 500 : (i / (n - 1)) * 1000;
  line.setAttribute("x1", x);
  line.setAttribute("x2", x);
}
