// The board at the cursor, drawn from a view exactly as the server made it
// for the viewer: a hidden card arrives as {id, hidden} and is drawn as a
// card back, nothing more.

import { esc, playerName, plural } from "chronicle/dom.js";

// renderBoard draws view v with bottom (a player id) at the bottom.
export function renderBoard(v, bottom) {
  const players = v.players;
  const seats = players.map((p) => p.id);
  const low = seats.includes(bottom) ? bottom : seats[0];
  const order = players.filter((p) => p.id !== low).concat(players.filter((p) => p.id === low));
  const byId = objectIndex(v);
  const top = order.slice(0, -1).map((p) => zoneHTML(v, p, byId, "top")).join("");
  return `${top}${middleHTML(v, byId)}${zoneHTML(v, order[order.length - 1], byId, "bottom")}`;
}

function objectIndex(v) {
  const m = new Map();
  const add = (o) => o && m.set(o.id, o);
  for (const p of v.players) [p.hand, p.library || [], p.graveyard, p.command || []].forEach((z) => z.forEach(add));
  [v.battlefield, v.stack, v.exile].forEach((z) => z.forEach(add));
  return m;
}

// refName names a player or an object for a target or an attachment.
function refName(v, byId, id) {
  if (v.players.some((p) => p.id === id)) return playerName(v.players, id);
  const o = byId.get(id);
  return o && !o.hidden && o.name ? `${o.name} (${id})` : id;
}

function zoneHTML(v, p, byId, where) {
  const badges = [];
  if (v.active_player === p.id) badges.push(`<span class="badge active" title="whose turn it is">active</span>`);
  if (v.priority === p.id) badges.push(`<span class="badge priority" title="holds priority">priority</span>`);
  if (v.pending.player === p.id && v.pending.ask !== "priority") badges.push(`<span class="badge acting">to ${esc(v.pending.ask)}</span>`);
  if (p.lost) badges.push(`<span class="badge lost" title="${esc(p.loss_reason)}">lost</span>`);
  const pool = p.mana_pool.map((m) => `<span class="mana m-${esc(m.mana)}" title="${esc(m.mana)} from ${esc(m.source || "?")}">${esc(m.mana)}</span>`).join("");
  const perms = v.battlefield.filter((o) => o.controller === p.id);
  const rows = groupPermanents(perms).map(([label, os]) =>
    `<div class="row" data-kind="${esc(label)}"><span class="rowlabel">${esc(label)}</span><div class="cards">${stacks(os).map(([o, n]) => cardHTML(o, v, byId, "", n)).join("")}</div></div>`).join("");
  const hand = p.hand.map((o) => cardHTML(o, v, byId, "small")).join("");
  const grave = capped(p.graveyard, (o) => cardHTML(o, v, byId, "small"));
  let library = `<span class="count">${plural(p.library_count, "card")}</span>`;
  if (p.library_top) library += ` top: ${cardHTML(p.library_top, v, byId, "small")}`;
  if (p.library) library += `<details class="lib" data-player="${esc(p.id)}"><summary>top first</summary><div class="cards"></div></details>`;
  return `<section class="seat ${where} seat-${esc(p.id)}" data-player="${esc(p.id)}" aria-label="${esc(p.name)}">
  <header class="playerbar">
    <span class="pname">${esc(p.name)} <span class="pid">${esc(p.id)}</span></span>
    <span class="life" data-life="${p.life}" title="life">♥ ${p.life}</span>
    <span class="pool" title="mana pool">${pool}</span>
    ${badges.join(" ")}
    <span class="zones">hand ${p.hand_count} · library ${p.library_count} · graveyard ${p.graveyard.length}${p.mulligans ? ` · mulligans ${p.mulligans}` : ""}</span>
  </header>
  <div class="battlefield">${rows || `<p class="empty">no permanents</p>`}</div>
  <div class="side">
    <div class="zone hand"><h4>Hand (${p.hand_count})</h4><div class="cards">${hand || `<span class="empty">empty</span>`}</div></div>
    <div class="zone library"><h4>Library</h4>${library}</div>
    <div class="zone graveyard"><h4>Graveyard (${p.graveyard.length}, top first)</h4><div class="cards">${grave || `<span class="empty">empty</span>`}</div></div>
  </div>
</section>`;
}

// shown is how many cards of a long zone (a graveyard) are drawn before
// the rest is counted.
const shown = 12;

// capped draws the first cards of a zone and counts the rest.
function capped(os, draw) {
  const head = os.slice(0, shown).map(draw).join("");
  return os.length > shown ? `${head}<span class="more">and ${os.length - shown} more</span>` : head;
}

// libraryHTML draws a library's cards, top first: the board leaves them
// out until a judge opens the library (a long match has hundreds).
export function libraryHTML(v, playerID) {
  const p = v.players.find((x) => x.id === playerID);
  if (!p || !p.library) return "";
  const byId = objectIndex(v);
  return p.library.map((o) => cardHTML(o, v, byId, "small")).join("");
}

// stacks puts permanents that look the same (same card, state, counters,
// damage, combat, attachments) on one tile with a count, as a player
// stacks lands on the table, first arrival first.
function stacks(os) {
  const out = [];
  const at = new Map();
  const held = new Set(os.map((x) => x.attached_to).filter(Boolean)); // something is attached to them
  for (const o of os) {
    const { id, card, ...look } = o; // alike whatever their ids
    const key = JSON.stringify(look);
    const i = at.get(key);
    if (i === undefined || o.attached_to || held.has(id)) {
      if (!o.attached_to) at.set(key, out.length);
      out.push([o, 1, [id]]);
    } else {
      out[i][1]++;
      out[i][2].push(id);
    }
  }
  return out.map(([o, n, ids]) => [n > 1 ? { ...o, id: ids.join(" ") } : o, n]);
}

// groupPermanents sorts permanents into rows by kind, in arrival order.
function groupPermanents(os) {
  const groups = [["creatures", []], ["planeswalkers", []], ["other", []], ["lands", []]];
  const at = Object.fromEntries(groups.map(([k, l]) => [k, l]));
  for (const o of os) {
    const t = o.types || [];
    if (t.includes("Creature")) at.creatures.push(o);
    else if (t.includes("Planeswalker") || t.includes("Battle")) at.planeswalkers.push(o);
    else if (t.includes("Land")) at.lands.push(o);
    else at.other.push(o);
  }
  return groups.filter(([, l]) => l.length > 0);
}

function middleHTML(v, byId) {
  const turn = v.turn > 0 ? `Game ${Math.max(v.game, 1)} · Turn ${v.turn} · ${esc(v.step)}` : "Before the first turn";
  const stack = v.stack.map((o) => {
    const targets = (o.targets || []).map((t) => refName(v, byId, t)).join(", ");
    const what = o.ability ? `${esc(o.ability)} ability of ${esc(refName(v, byId, o.source))}` : cardHTML(o, v, byId, "small");
    return `<li class="stackitem">${what} <span class="ctl">controller ${esc(o.controller)}</span>${o.x ? ` X=${o.x}` : ""}${targets ? ` <span class="targets">→ ${esc(targets)}</span>` : ""}</li>`;
  }).join("");
  const triggers = v.triggers.map((t) => `<li>${esc(t.name || "a triggered ability")} (${esc(t.controller)})</li>`).join("");
  const exile = v.exile.map((o) => {
    const may = o.may_cast && o.may_cast.length ? ` <span class="maycast">may cast: ${esc(o.may_cast.join(", "))}</span>` : "";
    return `<span class="exiled">${cardHTML(o, v, byId, "small")}${may}</span>`;
  }).join("");
  return `<section class="middle">
  <div class="turnline"><strong>${turn}</strong> <span class="pending">${esc(pendingText(v))}</span>${resultText(v)}</div>
  <div class="stack"><h4>Stack (top first)</h4>${stack ? `<ol>${stack}</ol>` : `<span class="empty">empty</span>`}</div>
  ${triggers ? `<div class="triggers"><h4>Waiting triggers</h4><ol>${triggers}</ol></div>` : ""}
  <div class="exile"><h4>Exile</h4><div class="cards">${exile || `<span class="empty">empty</span>`}</div></div>
</section>`;
}

function pendingText(v) {
  const q = v.pending;
  switch (q.ask) {
    case "priority": return `${playerName(v.players, q.player)} to act with priority`;
    case "random": return q.of ? `the table to shuffle ${q.of}'s library` : `the table to supply a random ${q.random}`;
    case "mulligan": return `${playerName(v.players, q.player)} to keep or mulligan (${q.n} taken)`;
    case "choose": return `${playerName(v.players, q.player)} to choose ${q.what}${q.options.length ? ": " + q.options.join(" or ") : ""}`;
    case "attack": return `${playerName(v.players, q.player)} to declare attackers`;
    case "block": return `${playerName(v.players, q.player)} to declare blockers`;
  }
  return "the match is over";
}

function resultText(v) {
  const g = v.game_over;
  if (!g.over && !g.match_over) return "";
  let s = g.winner ? `game over: ${playerName(v.players, g.winner)} wins` : "game over: a draw";
  if (g.match_over) s += `; match over (${v.players.map((p) => `${p.name} ${g.game_wins[p.id] || 0}`).join(", ")})`;
  return ` <span class="result">${esc(s)}</span>`;
}

// cardHTML draws one object (n of them alike: a stack); a hidden one as a
// card back.
export function cardHTML(o, v, byId, size = "", n = 1) {
  if (o.hidden) {
    return `<div class="card back ${size}" title="a card you can't see" aria-label="hidden card"></div>`;
  }
  const pr = o.printed;
  const cls = ["card", size];
  if (o.tapped) cls.push("tapped");
  if (o.token) cls.push("token");
  if (o.attacking || o.attacking_planeswalker) cls.push("attacking");
  if (pr && (pr.name || pr.colors || pr.types || pr.supertypes || pr.subtypes || pr.keywords)) cls.push("altered");
  if (o.blocking) cls.push("blocking");
  const colors = (o.colors || []).join("");
  const bits = [];
  let pt = "";
  if (o.power !== null && o.power !== undefined) {
    // The server says what differs from the printed card (CR 613).
    const changed = pr && pr.power !== undefined;
    pt = `<span class="pt${changed ? " changed" : ""}"${changed ? ` title="printed ${esc(pr.power)}/${esc(pr.toughness)}"` : ""}>${o.power}/${o.toughness}</span>`;
  }
  if (o.keywords && o.keywords.length) {
    const had = pr && pr.keywords ? pr.keywords.map((k) => k.toLowerCase()) : null;
    const kws = o.keywords.map((k) => had && !had.includes(k.toLowerCase()) ? `<em class="gained" title="gained">${esc(k)}</em>` : esc(k));
    bits.push(`<span class="kw">${kws.join(", ")}</span>`);
  }
  for (const a of o.abilities || []) bits.push(`<span class="gained" title="an ability an effect gives it">${esc(a)}</span>`);
  const altered = alteredText(o);
  if (altered) bits.push(`<span class="altered" title="${esc(altered)}">not as printed</span>`);
  for (const [k, n] of Object.entries(o.counters || {}).sort()) bits.push(`<span class="counter" title="${esc(k)} counters">${esc(k)} ×${n}</span>`);
  if (o.damage) bits.push(`<span class="damage">damage ${o.damage}</span>`);
  if (o.summoning_sick && o.power !== null && o.power !== undefined && o.zone === "battlefield") bits.push(`<span class="sick">sick</span>`);
  if (o.attacking) bits.push(`<span class="combat">attacking ${esc(o.attacking)}${o.blocked ? ", blocked" : ""}</span>`);
  if (o.attacking_planeswalker) bits.push(`<span class="combat">attacking ${esc(refName(v, byId, o.attacking_planeswalker))}</span>`);
  if (o.blocking) bits.push(`<span class="combat">blocking ${esc(refName(v, byId, o.blocking))}</span>`);
  if (o.attached_to) bits.push(`<span class="attached">attached to ${esc(refName(v, byId, o.attached_to))}</span>`);
  if (o.chosen_color) bits.push(`<span class="chosen">chose ${esc(o.chosen_color)}</span>`);
  if (o.face) bits.push(`<span class="face">as ${esc(o.face)}</span>`);
  if (o.face_down) bits.push(`<span class="facedown">face down</span>`);
  if (o.owner && o.controller && o.owner !== o.controller) bits.push(`<span class="owner">owner ${esc(o.owner)}</span>`);
  if (o.token) bits.push(`<span class="tok">token</span>`);
  const label = `${n > 1 ? `${n} × ` : ""}${o.name}${o.tapped ? ", tapped" : ""}${pt ? `, ${o.power}/${o.toughness}` : ""}`;
  const ids = n > 1 ? `${o.id.split(" ")[0]} …` : o.id;
  const count = n > 1 ? `<span class="stackn" title="${n} alike: ${esc(o.id)}">×${n}</span>` : "";
  return `<div class="${cls.join(" ")}" tabindex="0" data-name="${esc(o.name)}" data-id="${esc(o.id)}" data-colors="${esc(colors)}" aria-label="${esc(label)}">
<span class="cname">${esc(o.name)}</span><span class="oid">${esc(ids)}</span>${count}${pt}${bits.length ? `<span class="bits">${bits.join("")}</span>` : ""}</div>`;
}

// alteredText tells how an object's characteristics differ from its
// printed card, besides power and toughness: "printed: Creature — Elf Druid,
// green".
function alteredText(o) {
  const pr = o.printed;
  if (!pr) return "";
  const out = [];
  const list = (l) => (l.length ? l.join(" ") : "none");
  if (pr.name) out.push(`a copy: the card is ${pr.name}`);
  if (pr.supertypes) out.push(`supertypes ${list(pr.supertypes)}`);
  if (pr.types) out.push(`types ${list(pr.types)}`);
  if (pr.subtypes) out.push(`subtypes ${list(pr.subtypes)}`);
  if (pr.colors) out.push(`colors ${pr.colors.length ? pr.colors.join("") : "colorless"}`);
  if (pr.keywords) out.push(`keywords ${pr.keywords.length ? pr.keywords.join(", ") : "none"}`);
  return out.length ? `printed: ${out.join("; ")}` : "";
}
