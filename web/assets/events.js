// The event list: every input told as `replay log` tells it, grouped by
// game, turn and step, each with the time its decision took. A long match
// has thousands of inputs: the list is a section per turn, and a section's
// entries are drawn when it comes near the view (or the cursor enters it).

import { esc, took } from "chronicle/dom.js";

// slowMs is the decision time from which an input is marked slow.
export const slowMs = 60000;

// tookAt is how long the decision of entry i took, or null when unknown.
export function tookAt(t, i) {
  if (i <= 0 || !t.times[i] || !t.times[i - 1]) return null;
  return t.times[i] - t.times[i - 1];
}

// EventList draws timeline t's events into el.
export class EventList {
  constructor(el, t) {
    this.el = el;
    this.t = t;
    this.marksAt = new Map();
    for (const m of t.marks) {
      if (m.kind === "turn") continue;
      const l = this.marksAt.get(m.seq) || [];
      l.push(m);
      this.marksAt.set(m.seq, l);
    }
    this.sections = turnSections(t);
    el.innerHTML = this.sections.map((s, k) => {
      const e = t.entries[s.i0];
      const lines = t.entries.slice(s.i0, s.i1).reduce((n, x) => n + 1 + (x.lines ? x.lines.length * 0.75 : 0), 0);
      return `<section class="turn" data-k="${k}" data-game="${s.game}" data-turn="${e.turn}"><h3>${esc(s.title)}</h3><div class="body" style="height:${Math.round(lines * 22 + 24)}px"></div></section>`;
    }).join("") + (t.stopped ? `<p class="stopped">The replay stops early: ${esc(t.stopped.message)}</p>` : "");
    this.filled = new Set();
    this.observer = new IntersectionObserver((items) => {
      for (const it of items) if (it.isIntersecting) this.fill(Number(it.target.dataset.k));
    }, { root: el, rootMargin: "1200px 0px" });
    el.querySelectorAll("section.turn").forEach((s) => this.observer.observe(s));
  }

  // fill draws section k's entries.
  fill(k) {
    if (this.filled.has(k)) return;
    this.filled.add(k);
    const s = this.sections[k];
    const sec = this.el.querySelector(`section.turn[data-k="${k}"]`);
    const body = sec.querySelector(".body");
    body.removeAttribute("style");
    body.innerHTML = this.entriesHTML(s.i0, s.i1);
    this.observer.unobserve(sec);
  }

  // entry returns the element of entry i, drawing its section first.
  entry(i) {
    let lo = 0, hi = this.sections.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.sections[mid].i0 <= i) lo = mid; else hi = mid - 1;
    }
    if (this.sections.length) this.fill(lo);
    return document.getElementById(`e-${this.t.entries[i]?.seq}`);
  }

  stop() { this.observer.disconnect(); }

  // addMarks adds marks that came later (the audit's): drawn entries get
  // their badges now, the others when drawn.
  addMarks(ms) {
    for (const m of ms) {
      const l = this.marksAt.get(m.seq) || [];
      l.push(m);
      this.marksAt.set(m.seq, l);
      document.getElementById(`e-${m.seq}`)?.querySelector(".text")?.insertAdjacentHTML("afterend", badgeHTML(m));
    }
  }

  entriesHTML(i0, i1) {
    const t = this.t;
    const out = [];
    let step = null;
    for (let i = i0; i < i1; i++) {
      const e = t.entries[i];
      const sk = e.step || "pregame";
      if (sk !== step) {
        if (step !== null) out.push("</ol></div>");
        out.push(`<div class="step"><h4>${esc(sk.replaceAll("_", " "))}</h4><ol>`);
        step = sk;
      }
      const d = tookAt(t, i);
      const time = d === null ? "" : `<span class="took${d >= slowMs ? " slow" : ""}" title="time taken by this decision">${took(d)}</span>`;
      let badges = (this.marksAt.get(e.seq) || []).map(badgeHTML).join("");
      if (e.verification && e.verification !== "verified") {
        const why = `${e.verification}${e.cards && e.cards.length ? ` (${e.cards.join(", ")})` : ""}: ${e.reason || ""} (${e.rule || ""})`;
        badges += `<span class="mk mk-${esc(e.verification)}" title="${esc(why)}">${esc(e.verification)}</span>`;
      }
      const lines = e.lines && e.lines.length ? `<ul class="lines">${e.lines.map((l) => `<li>${esc(l)}</li>`).join("")}</ul>` : "";
      out.push(`<li class="entry" id="e-${e.seq}" data-seq="${e.seq}" tabindex="-1"><a class="seq" href="?seq=${e.seq}">${e.seq}</a> <span class="text">${esc(e.text)}</span>${badges}${time}${lines}</li>`);
    }
    if (step !== null) out.push("</ol></div>");
    return out.join("");
  }
}

function badgeHTML(m) {
  return `<span class="mk mk-${esc(m.kind)}" title="${esc(m.text)}">${esc(m.kind)}</span>`;
}

// turnSections splits the entries by game and turn: [{i0, i1, game, title}].
function turnSections(t) {
  const out = [];
  let key = null;
  t.entries.forEach((e, i) => {
    const game = Math.max(e.game, 1);
    const k = `${game}.${e.turn}`;
    if (k !== key) {
      if (out.length) out[out.length - 1].i1 = i;
      const title = e.turn > 0 ? `${game > 1 ? `Game ${game} · ` : ""}Turn ${e.turn}` : (game > 1 ? `Game ${game} · before the first turn` : "Before the first turn");
      out.push({ i0: i, i1: t.entries.length, game, title });
      key = k;
    }
  });
  return out;
}
