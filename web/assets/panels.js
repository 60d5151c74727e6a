// The side panels besides the event list: the audit's findings, and the
// tree of branches with a form to branch at the cursor.

import { esc } from "chronicle/dom.js";

export function renderAudit(t) {
  if (t.findings.length === 0) {
    return `<p class="clean">The audit found nothing: every input holds under today's rules.</p>`;
  }
  return `<ol class="findings">${t.findings.map((f) => {
    const changes = f.changes && f.changes.length
      ? `<table class="changes"><thead><tr><th>path</th><th>recorded</th><th>today</th></tr></thead><tbody>${f.changes.map((c) =>
        `<tr><td>${esc(c.path)}</td><td>${esc(c.before)}</td><td>${esc(c.after)}</td></tr>`).join("")}</tbody></table>`
      : "";
    const at = f.seq ? `<a class="seq" href="?seq=${f.seq}" data-seq="${f.seq}">seq ${f.seq}</a>` : "the whole match";
    const cards = f.cards && f.cards.length ? ` <span class="cards">${esc(f.cards.join(", "))}</span>` : "";
    const versions = [["the table's", f.table], ["the rules'", f.engine]].filter(([, v]) => v && v.length).map(([who, v]) =>
      `<details class="version"><summary>${who} effects (${v.length})</summary><pre>${esc(v.map((x) => JSON.stringify(x)).join("\n"))}</pre></details>`).join("");
    const signed = f.signed_by ? `<p class="signed">signed by ${esc(f.signed_by)}</p>` : "";
    return `<li class="finding fk-${esc(f.kind)}">${at} <span class="kind">${esc(f.kind)}</span>${cards} <span class="rule">${esc(f.rule)}</span><p class="reason">${esc(f.reason)}</p>${signed}${changes}${versions}</li>`;
  }).join("")}</ol>`;
}

// renderTree writes the branches of root, current marked, each with links to
// open it and to diff it against the current match.
export function renderTree(root, current, as, seq) {
  if (!root) return `<p class="empty">No branches here.</p>`;
  const node = (n) => {
    const here = n.match === current;
    const where = n.parent ? ` <span class="bp">after seq ${n.branch_point}</span>` : " <span class=\"bp\">main line</span>";
    const label = n.label ? ` <span class="label">${esc(n.label)}</span>` : "";
    const open = `<a href="/m/${encodeURIComponent(n.match)}?seq=${Math.min(seq, n.head_seq) || n.head_seq}&as=${encodeURIComponent(as)}"${here ? ' aria-current="page"' : ""}>${esc(n.match)}</a>`;
    const diff = here ? "" : ` <a class="difflink" href="/diff?a=${encodeURIComponent(current)}&b=${encodeURIComponent(n.match)}&as=${encodeURIComponent(as)}">diff</a>`;
    const kids = n.branches && n.branches.length ? `<ul>${n.branches.map(node).join("")}</ul>` : "";
    return `<li>${open}${where}${label} <span class="len">${n.head_seq} inputs</span>${diff}${kids}</li>`;
  };
  return `<ul class="tree">${node(root)}</ul>`;
}

export function branchForm(seq) {
  return `<form class="branchform">
<h4>Branch here</h4>
<p>A new match sharing this one's inputs up to seq <span class="bseq">${seq}</span>.</p>
<label>Name <input name="name" required pattern="[A-Za-z0-9_-]{1,64}" placeholder="block-instead"></label>
<label>Label <input name="label" placeholder="what it explores"></label>
<button type="submit">Make the branch</button>
<p class="formerr" role="alert"></p>
</form>`;
}
