// The viewer of one match: the board at the cursor, the events, the scrub
// bar and the life chart, the audit and the branches; keys to move; a URL
// for every position (/m/MATCH?seq=N&as=VIEW) kept up to date as it moves.

import { esc, params, took, viewName } from "chronicle/dom.js";
import { renderBoard, libraryHTML } from "chronicle/board.js";
import { EventList, tookAt } from "chronicle/events.js";
import { renderScrub, placeScrub, seqAt, renderChart, placeChart } from "chronicle/scrub.js";
import { renderAudit, renderTree, branchForm } from "chronicle/panels.js";
import { installCardTips } from "chronicle/cardtip.js";
import { keysHelp, isTyping } from "chronicle/keys.js";

export async function showViewer(app, source, match, cfg) {
  const q = params();
  const v = new Viewer(app, source, match, cfg);
  await v.open(q.get("as") ?? (cfg.player ? "" : "judge"), q.get("seq"));
  return v;
}

class Viewer {
  constructor(app, source, match, cfg) {
    this.app = app;
    this.source = source;
    this.match = match;
    this.cfg = cfg;
    this.cur = 0;
    this.moves = 0;
    this.flips = 0;
    this.wantAs = null;
    this.head = 0;
  }

  async open(as, seqParam) {
    const want = Number(seqParam);
    const linked = Number.isInteger(want) && want > 0;
    // A deep link names its position and view: its board is asked for
    // beside the timeline, not after it (a position never changes).
    const early = linked && as && !this.source.embedded ? this.source.state(this.match, want, as).catch(() => null) : null;
    await this.load(as);
    this.layout();
    const seq = linked ? want : this.lastSeq();
    if (seqParam && seq > this.lastSeq()) this.notice(`This match has no input ${seqParam}: showing its last, seq ${this.lastSeq()}.`);
    await this.go(seq, early && seq === want && as === this.as ? early : null);
    document.documentElement.dataset.ready = "1";
    this.auditLater(this.t);
    // For the benchmark: from navigation to the frame that shows the board.
    requestAnimationFrame(() => { window.chronicleFirstPaint = performance.now(); });
    this.follow();
  }

  async load(as) {
    this.apply(await this.source.timeline(this.match, as, true));
  }

  // apply makes timeline t the one shown (its view, entries and marks).
  apply(t) {
    this.t = t;
    this.as = t.as;
    this.head = t.match.head_seq;
    this.seqs = t.entries.map((e) => e.seq);
    this.index = new Map(this.seqs.map((s, i) => [s, i]));
    this.turns = t.marks.filter((m) => m.kind === "turn").map((m) => m.seq);
    this.markedSeqs();
    document.documentElement.dataset.entries = this.seqs.length;
  }

  // markedSeqs lists the seqs ] and [ move between.
  markedSeqs() {
    const t = this.t;
    const flagged = t.entries.filter((e) => e.verification && e.verification !== "verified").map((e) => e.seq);
    this.markSeqs = [...new Set(t.marks.map((m) => m.seq).concat(flagged))].sort((a, b) => a - b);
  }

  // auditLater asks for the audit of timeline t, which came without it
  // (the audit replays the match with the rules: a long match's takes
  // seconds), and adds its findings and their marks when they come.
  async auditLater(t) {
    if (!t.audit_pending) return;
    let rep;
    try {
      rep = await this.source.audit(this.match, t.as);
    } catch (err) {
      if (this.t === t) this.app.querySelector("#audit").innerHTML = `<p class="error">${esc(err.message)}</p>`;
      return;
    }
    if (this.t !== t) return; // another view, or the match grew
    const first = this.firstSeq(), last = this.lastSeq();
    const added = (rep.findings || []).map((f) => ({ seq: Math.min(Math.max(f.seq, first), last), kind: "audit", text: findingText(f) }));
    t.findings = rep.findings || [];
    t.marks = t.marks.concat(added).sort((a, b) => a.seq - b.seq);
    t.audit_pending = false;
    this.renderFindings();
    if (added.length) {
      this.markedSeqs();
      this.events.addMarks(added);
      this.app.querySelector("#scrub").innerHTML = renderScrub(t);
      placeScrub(this.app.querySelector("#scrub"), t, this.cur);
    }
    document.documentElement.dataset.audited = "1";
  }

  lastSeq() { return this.seqs.length ? this.seqs[this.seqs.length - 1] : 0; }
  firstSeq() { return this.seqs.length ? this.seqs[0] : 0; }

  // views are the views this page may take, in the order f flips them.
  views() {
    const players = this.t.match.players.map((p) => p.id);
    if (this.source.embedded) return [this.as];
    if (this.cfg.player) {
      const seat = this.t.match.players.find((p) => p.name === this.cfg.player);
      return seat ? [seat.id, "public"] : ["public"];
    }
    return ["judge", ...players, "public"];
  }

  layout() {
    const t = this.t, m = t.match;
    const views = this.views();
    const options = views.map((w) => `<option value="${esc(w)}"${w === this.as ? " selected" : ""}>${esc(viewName(m.players, w))}</option>`).join("");
    const exp = this.source.exportURL(this.match, "html", this.as);
    const branchOf = m.parent ? ` <span class="branchof">branch of <a href="/m/${encodeURIComponent(m.parent)}?seq=${m.branch_point}&as=${encodeURIComponent(this.as)}">${esc(m.parent)}</a> after seq ${m.branch_point}${m.label ? `: ${esc(m.label)}` : ""}</span>` : "";
    this.app.innerHTML = `<header class="top">
  ${this.source.embedded ? "" : `<a class="home" href="/">Matches</a>`}
  <h1>${esc(m.match)}</h1>
  <span class="meta">${esc(m.players.map((p) => p.name).join(" v "))} · ${esc(m.format || "")}${m.event ? ` · ${esc(m.event)}` : ""}${branchOf}</span>
  <label class="viewsel">View <select id="view" ${views.length < 2 ? "disabled" : ""}>${options}</select></label>
  ${exp ? `<a class="export" href="${exp}" download>Export HTML</a>` : `<span class="exported">exported page, seen by ${esc(viewName(m.players, this.as))}</span>`}
  <span class="live" id="live"></span>
  <button type="button" class="helpbtn" id="helpbtn" aria-label="keys" title="keys (?)">?</button>
</header>
<p class="notice" id="notice" role="status" hidden></p>
<main class="viewer">
  <div class="board" id="board" aria-label="board"></div>
  <aside class="side">
    <div class="tabs" role="tablist">
      <button role="tab" data-tab="events" aria-selected="true">Events</button>
      <button role="tab" data-tab="audit" aria-selected="false">Audit (<span id="nfind">${t.findings.length}</span>)</button>
      ${this.source.embedded ? "" : `<button role="tab" data-tab="branches" aria-selected="false">Branches</button>`}
    </div>
    <div class="panel events" id="events" role="tabpanel"></div>
    <div class="panel" id="audit" role="tabpanel" hidden></div>
    <div class="panel" id="branches" role="tabpanel" hidden></div>
  </aside>
</main>
<footer class="timeline">
  <div class="status" id="status"></div>
  <div class="scrub" id="scrub"></div>
  <div class="chart" id="chart"></div>
</footer>
<div class="help" id="help" role="dialog" aria-label="keys" hidden>${keysHelp()}</div>`;
    this.board = this.app.querySelector("#board");
    this.renderTimeline();
    this.bind();
    installCardTips(this.app, this.source);
  }

  renderTimeline() {
    const t = this.t;
    if (this.events) this.events.stop();
    this.events = new EventList(this.app.querySelector("#events"), t);
    this.renderFindings();
    this.app.querySelector("#scrub").innerHTML = renderScrub(t);
    this.app.querySelector("#chart").innerHTML = renderChart(t);
    this.lastEntry = null;
  }

  renderFindings() {
    const t = this.t;
    this.app.querySelector("#audit").innerHTML = t.audit_pending ? `<p class="loading">Auditing: the match is replayed with today's rules…</p>` : renderAudit(t);
    this.app.querySelector("#nfind").textContent = t.audit_pending ? "…" : t.findings.length;
  }

  bind() {
    const app = this.app;
    app.querySelector("#view").addEventListener("change", (e) => this.setView(e.target.value));
    app.querySelector("#helpbtn").addEventListener("click", () => this.toggleHelp());
    app.querySelectorAll(".tabs [role=tab]").forEach((b) => b.addEventListener("click", () => this.tab(b.dataset.tab)));
    app.addEventListener("click", (e) => {
      const a = e.target.closest("a[href^='?seq=']");
      if (a) {
        e.preventDefault();
        this.go(Number(new URLSearchParams(a.getAttribute("href").slice(1)).get("seq")));
        return;
      }
      const entry = e.target.closest(".entry");
      if (entry && !e.target.closest("a")) this.go(Number(entry.dataset.seq));
    });
    const scrub = app.querySelector("#scrub");
    let dragging = false;
    const seek = (e) => { const bar = scrub.querySelector(".bar"); if (bar) this.go(seqAt(bar, this.t, e.clientX)); };
    scrub.addEventListener("pointerdown", (e) => { dragging = true; scrub.setPointerCapture(e.pointerId); seek(e); });
    scrub.addEventListener("pointermove", (e) => { if (dragging) seek(e); });
    scrub.addEventListener("pointerup", () => { dragging = false; });
    app.querySelector("#chart").addEventListener("click", (e) => {
      const svg = e.currentTarget.querySelector("svg");
      if (!svg || this.seqs.length === 0) return;
      const r = svg.getBoundingClientRect();
      const i = Math.round(((e.clientX - r.left) / Math.max(r.width, 1)) * (this.seqs.length - 1));
      this.go(this.seqs[Math.min(Math.max(i, 0), this.seqs.length - 1)]);
    });
    // A library's cards are drawn when a judge opens it.
    this.board.addEventListener("toggle", (e) => {
      const d = e.target;
      if (d.classList?.contains("lib") && d.open && this.view) d.querySelector(".cards").innerHTML = libraryHTML(this.view, d.dataset.player);
    }, true);
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
  }

  key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
    const help = this.app.querySelector("#help");
    const i = this.index.get(this.cur) ?? 0;
    let to = null;
    switch (e.key) {
      case "ArrowRight": case "l": to = this.seqs[Math.min(i + 1, this.seqs.length - 1)]; break;
      case "ArrowLeft": case "h": to = this.seqs[Math.max(i - 1, 0)]; break;
      case "Home": to = this.firstSeq(); break;
      case "End": to = this.lastSeq(); break;
      case "n": to = this.turns.find((s) => s > this.cur) ?? null; break;
      case "p": {
        const before = this.turns.filter((s) => s < this.cur);
        to = before.length ? before[before.length - 1] : this.firstSeq();
        break;
      }
      case "]": to = this.markSeqs.find((s) => s > this.cur) ?? null; break;
      case "[": {
        const before = this.markSeqs.filter((s) => s < this.cur);
        to = before.length ? before[before.length - 1] : null;
        break;
      }
      case "f": {
        // From the view asked for last: presses quicker than a view loads
        // each flip once more.
        const vs = this.views();
        if (vs.length > 1) this.setView(vs[(vs.indexOf(this.wantAs ?? this.as) + 1) % vs.length]);
        else this.notice("This page has one view only.");
        e.preventDefault();
        return;
      }
      case "?": this.toggleHelp(); e.preventDefault(); return;
      case "Escape": help.hidden = true; return;
      default: return;
    }
    e.preventDefault();
    if (to !== null && to !== undefined) this.go(to);
  }

  toggleHelp() {
    const help = this.app.querySelector("#help");
    help.hidden = !help.hidden;
  }

  tab(name) {
    this.app.querySelectorAll(".tabs [role=tab]").forEach((b) => b.setAttribute("aria-selected", String(b.dataset.tab === name)));
    for (const p of ["events", "audit", "branches"]) this.app.querySelector(`#${p}`).hidden = p !== name;
    if (name === "branches") this.showBranches();
  }

  async showBranches() {
    const el = this.app.querySelector("#branches");
    try {
      const root = await this.source.tree(this.match);
      el.innerHTML = renderTree(root, this.match, this.as, this.cur) + (this.cfg.write ? branchForm(this.cur) : `<p class="note">Branches are made in a viewer started with --allow-write.</p>`);
    } catch (err) {
      el.innerHTML = `<p class="error">${esc(err.message)}</p>`;
      return;
    }
    const form = el.querySelector("form");
    if (!form) return;
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const data = new FormData(form);
      try {
        const b = await this.source.branch(this.match, this.cur, data.get("name"), data.get("label"));
        location.href = `/m/${encodeURIComponent(b.match)}?seq=${this.cur}&as=${encodeURIComponent(this.as)}`;
      } catch (err) {
        form.querySelector(".formerr").textContent = err.message;
      }
    });
  }

  async setView(as) {
    const keep = this.cur;
    const flip = ++this.flips;
    this.wantAs = as;
    let t;
    try {
      t = await this.source.timeline(this.match, as, true);
    } catch (err) {
      if (flip === this.flips) {
        this.wantAs = null;
        this.notice(err.message);
      }
      return;
    }
    if (flip !== this.flips) return; // a later flip has begun
    this.wantAs = null;
    this.apply(t);
    this.app.querySelector("#view").value = this.as;
    this.renderTimeline();
    await this.go(keep);
    this.auditLater(t);
    if (!this.app.querySelector("#branches").hidden) this.showBranches();
    const exp = this.app.querySelector(".export");
    if (exp) exp.href = this.source.exportURL(this.match, "html", this.as);
  }

  notice(text) {
    const n = this.app.querySelector("#notice");
    n.textContent = text;
    n.hidden = !text;
  }

  // go moves the cursor to input seq (clamped) and draws everything there;
  // early, when set, promises its board, asked for already.
  async go(seq, early = null) {
    if (this.seqs.length === 0) {
      this.board.innerHTML = `<p class="empty">This match has no inputs${this.t.stopped ? `: ${esc(this.t.stopped.message)}` : ""}.</p>`;
      return;
    }
    seq = Math.min(Math.max(seq, this.firstSeq()), this.lastSeq());
    if (!this.index.has(seq)) seq = this.seqs.find((s) => s >= seq) ?? this.lastSeq();
    this.cur = seq;
    const move = ++this.moves;
    const t0 = performance.now();
    let view;
    try {
      view = (early && await early) || await this.source.state(this.match, seq, this.as, this.head);
    } catch (err) {
      if (move === this.moves) this.board.innerHTML = `<p class="error">${esc(err.message)}</p>`;
      return;
    }
    if (move !== this.moves) return; // a later move has begun
    this.draw(view);
    this.mark(seq);
    // For the benchmark: from the move to the frame that shows it.
    requestAnimationFrame(() => { window.chronicleStep = { seq, ms: performance.now() - t0 }; });
    // The next position the same way is likely asked next: fetch it now.
    const dir = seq < (this.prev ?? 0) ? -1 : 1;
    this.prev = seq;
    const i = this.index.get(seq);
    const next = this.seqs[i + dir] ?? this.seqs[i - dir]; // at an end, the way back
    if (next !== undefined) this.source.state(this.match, next, this.as, this.head).catch(() => {});
  }

  draw(view) {
    const bottom = this.t.match.players.some((p) => p.id === this.as) ? this.as : this.t.match.players[0]?.id;
    this.board.innerHTML = renderBoard(view, bottom);
    this.board.dataset.seq = view.seq;
    this.view = view;
  }

  // mark puts the cursor on seq everywhere but the board.
  mark(seq) {
    const i = this.index.get(seq);
    const e = this.t.entries[i];
    if (this.lastEntry) this.lastEntry.removeAttribute("aria-current");
    const li = this.events.entry(i);
    if (li) {
      li.setAttribute("aria-current", "true");
      const panel = this.app.querySelector("#events");
      if (!panel.hidden) li.scrollIntoView({ block: "nearest" });
    }
    this.lastEntry = li;
    placeScrub(this.app.querySelector("#scrub"), this.t, seq);
    placeChart(this.app.querySelector("#chart"), this.t, i);
    const d = tookAt(this.t, i);
    this.app.querySelector("#status").innerHTML = `<span class="pos">seq <strong>${seq}</strong> of ${this.lastSeq()}</span> <span class="where">${esc(where(e))}</span> <span class="what">${esc(e.text)}</span>${d === null ? "" : ` <span class="took">took ${took(d)}</span>`}${shareText(this.view)}`;
    const bseq = this.app.querySelector(".bseq");
    if (bseq) bseq.textContent = seq;
    this.linkTo(seq);
    document.documentElement.dataset.seq = seq;
    document.documentElement.dataset.as = this.as;
  }

  // linkTo puts the position in the address bar, at most a few times a
  // second while keys are held (browsers throttle rapid history changes).
  linkTo(seq) {
    if (this.source.embedded) return;
    this.linkSeq = seq;
    if (this.linkTimer) return;
    const write = () => {
      const url = new URL(location.href);
      url.searchParams.set("seq", this.linkSeq);
      url.searchParams.set("as", this.as);
      history.replaceState(null, "", url);
    };
    write();
    this.linkTimer = setTimeout(() => { this.linkTimer = null; write(); }, 200);
  }

  // follow keeps the page up to date while the match grows: at its end the
  // cursor moves on with it, elsewhere it stays.
  follow() {
    if (!this.cfg.live || this.source.embedded) return;
    const live = this.app.querySelector("#live");
    this.source.follow(this.match, this.as, this.head, async (sum) => {
      if (sum.head_seq === this.head) return;
      const atEnd = this.cur === this.lastSeq();
      const flip = this.flips;
      let t;
      try {
        t = await this.source.timeline(this.match, this.as, true);
      } catch (err) {
        this.notice(err.message);
        return;
      }
      if (flip !== this.flips) return; // a flip of the view loads it anew
      this.apply(t);
      this.renderTimeline();
      await this.go(atEnd ? this.lastSeq() : this.cur);
      this.auditLater(t);
      document.documentElement.dataset.head = this.head;
    }, (state) => {
      live.textContent = state === "live" ? "● live" : state;
      live.className = `live ${state}`;
    });
  }
}

// findingText is a finding told as the server tells it in a mark.
function findingText(f) {
  let s = f.seq > 0 ? `seq ${f.seq}: ${f.kind}` : f.kind;
  if (f.cards && f.cards.length) s += ` (${f.cards.join(", ")})`;
  s += `: ${f.reason}`;
  if (f.rule) s += ` (${f.rule})`;
  if (f.signed_by) s += `; signed by ${f.signed_by}`;
  return s;
}

// shareText is how much of the match up to the cursor the rules verified.
function shareText(v) {
  if (!v || v.verified_share === undefined || v.verified_share === null) return "";
  const others = [];
  if (v.unverified) others.push(`${v.unverified} unverified`);
  if (v.disputed) others.push(`${v.disputed} disputed`);
  if (v.unchecked) others.push(`${v.unchecked} unchecked`);
  return ` <span class="share${v.disputed ? " disputed" : others.length ? " unverified" : ""}" title="inputs up to here verified by the rules">verified ${Math.floor(v.verified_share * 1000) / 10}%${others.length ? ` (${others.join(", ")})` : ""}</span>`;
}

function where(e) {
  let w = e.turn > 0 ? `T${e.turn} ${e.step}` : "pregame";
  if (e.game > 1) w = `G${e.game} ${w}`;
  return w;
}
