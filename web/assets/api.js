// Where the pages get their data: the server's JSON API, or the data an
// exported page carries inside it. Both answer the same questions with the
// same objects, so the viewer doesn't know which it has.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

// openSource picks the export's data when the page has it.
export function openSource() {
  const el = document.getElementById("chronicle-data");
  if (el) return new EmbeddedSource(JSON.parse(el.textContent));
  return new ServerSource();
}

const enc = encodeURIComponent;

class ServerSource {
  constructor() {
    this.embedded = false;
    this.states = new Map(); // "match|as|seq|head" -> promise of a view, a few kept
    this.cards = new Map();
  }

  async get(path) {
    const r = await fetch(path, { headers: { Accept: "application/json" } });
    const body = await r.json().catch(() => null);
    if (!r.ok) throw new ApiError(r.status, body?.code, body?.message || `${r.status} ${r.statusText}`);
    return body;
  }

  async post(path, body, type = "application/json") {
    const r = await fetch(path, { method: "POST", headers: { "Content-Type": type, Accept: "application/json" }, body });
    const out = await r.json().catch(() => null);
    if (!r.ok) throw new ApiError(r.status, out?.code, out?.message || `${r.status} ${r.statusText}`);
    return out;
  }

  config() { return this.get("/api/config"); }
  list(query) { return this.get(`/api/matches?${query}`); }
  match(m) { return this.get(`/api/matches/${enc(m)}`); }
  tree(m) { return this.get(`/api/matches/${enc(m)}/tree`); }
  // timeline is everything but the boards; with later, the audit's
  // findings are left out (audit_pending) to be asked with audit.
  timeline(m, as, later = false) { return this.get(`/api/matches/${enc(m)}/timeline?as=${enc(as)}${later ? "&audit=later" : ""}`); }
  audit(m, as) { return this.get(`/api/matches/${enc(m)}/audit?as=${enc(as)}`); }
  diff(a, b, as, at) {
    return this.get(`/api/diff?a=${enc(a)}&b=${enc(b)}&as=${enc(as)}${at ? `&at=${at}` : ""}`);
  }
  branch(m, at, name, label) {
    return this.post(`/api/matches/${enc(m)}/branches`, JSON.stringify({ at, name, label }));
  }

  // state is the view after input seq; head keys it, so a grown match is
  // asked again.
  state(m, seq, as, head = 0) {
    const key = `${m}|${as}|${seq}|${head}`;
    let p = this.states.get(key);
    if (!p) {
      p = this.get(`/api/matches/${enc(m)}/state?seq=${seq}&as=${enc(as)}`);
      p.catch(() => this.states.delete(key));
      this.states.set(key, p);
      if (this.states.size > 64) this.states.delete(this.states.keys().next().value);
    }
    return p;
  }

  card(name) {
    let p = this.cards.get(name);
    if (!p) {
      p = this.get(`/api/cards/${enc(name)}`).catch(() => null);
      this.cards.set(name, p);
    }
    return p;
  }

  exportURL(m, format, as, at) {
    return `/api/matches/${enc(m)}/export?format=${format}&as=${enc(as)}${at ? `&at=${at}` : ""}`;
  }

  // follow calls onHead with the match's summary each time its head moves
  // past since; it returns a function that stops following.
  follow(m, as, since, onHead, onState) {
    const es = new EventSource(`/api/matches/${enc(m)}/follow?as=${enc(as)}&since=${since}`);
    es.addEventListener("head", (e) => onHead(JSON.parse(e.data)));
    es.onopen = () => onState("live");
    es.onerror = () => onState(es.readyState === EventSource.CLOSED ? "closed" : "reconnecting");
    return () => es.close();
  }
}

// EmbeddedSource answers from an exported page's data: one match, one
// view, and the views of every position stored with shared parts once
// (see query.Frames: {"#": n} is node n).
class EmbeddedSource {
  constructor(data) {
    this.embedded = true;
    this.data = data;
    this.resolved = new Map();
  }
  async config() { return { write: false, live: false, player: "", source: "exported page" }; }
  async match() { return this.data.timeline.match; }
  async timeline() { return this.data.timeline; }
  async tree() { return null; }
  async card(name) { return this.data.cards?.[name] ?? null; }
  exportURL() { return null; }

  async state(m, seq) {
    const f = this.data.frames;
    if (seq < 1 || seq > f.frames.length) throw new ApiError(404, "not_reached", `this page holds positions 1 to ${f.frames.length}`);
    return this.resolve(f.frames[seq - 1]);
  }

  resolve(v) {
    if (Array.isArray(v)) return v.map((x) => this.resolve(x));
    if (v === null || typeof v !== "object") return v;
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === "#") {
      const n = v["#"];
      let r = this.resolved.get(n);
      if (r === undefined) {
        r = this.resolve(this.data.frames.nodes[n]);
        this.resolved.set(n, r);
      }
      return r;
    }
    const out = {};
    for (const k of keys) out[k] = this.resolve(v[k]);
    return out;
  }
}
