// A card's Oracle text, shown while the pointer is on a card or the card
// has the keyboard's focus.

import { esc } from "chronicle/dom.js";

export function installCardTips(root, source) {
  const tip = document.createElement("div");
  tip.className = "cardtip";
  tip.setAttribute("role", "tooltip");
  tip.id = "cardtip";
  tip.hidden = true;
  document.body.appendChild(tip);
  let current = null;
  const show = async (el) => {
    current = el;
    const facts = await source.card(el.dataset.name);
    if (current !== el) return;
    if (!facts) {
      tip.hidden = true;
      return;
    }
    tip.innerHTML = factsHTML(facts);
    tip.hidden = false;
    el.setAttribute("aria-describedby", "cardtip");
    const r = el.getBoundingClientRect();
    const left = Math.min(r.right + 8, window.innerWidth - tip.offsetWidth - 8);
    const top = Math.min(Math.max(r.top, 8), window.innerHeight - tip.offsetHeight - 8);
    tip.style.left = `${Math.max(left, 8)}px`;
    tip.style.top = `${top}px`;
  };
  const hide = (el) => {
    if (current !== el) return;
    current = null;
    tip.hidden = true;
  };
  const cardOf = (e) => e.target.closest?.(".card[data-name]");
  root.addEventListener("mouseover", (e) => { const c = cardOf(e); if (c) show(c); });
  root.addEventListener("mouseout", (e) => { const c = cardOf(e); if (c) hide(c); });
  root.addEventListener("focusin", (e) => { const c = cardOf(e); if (c) show(c); });
  root.addEventListener("focusout", (e) => { const c = cardOf(e); if (c) hide(c); });
}

export function factsHTML(f) {
  const faces = f.faces && f.faces.length ? f.faces : [f];
  return faces.map((c) => `<div class="face">
<div class="fhead"><strong>${esc(c.name)}</strong> <span class="cost">${esc(c.mana_cost || "")}</span></div>
<div class="ftype">${esc(c.type_line)}</div>
<p class="oracle">${esc(c.oracle || "").replace(/\n/g, "<br>")}</p>
${c.power ? `<div class="fpt">${esc(c.power)}/${esc(c.toughness)}</div>` : ""}${c.loyalty ? `<div class="fpt">loyalty ${esc(c.loyalty)}</div>` : ""}
</div>`).join("");
}
