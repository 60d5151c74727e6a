// The entry point: route by the URL (or show the exported match), and say
// what went wrong when something did.

import { openSource } from "chronicle/api.js";
import { esc } from "chronicle/dom.js";
import { showList } from "chronicle/list.js";
import { showViewer } from "chronicle/viewer.js";
import { showDiff } from "chronicle/diff.js";

export async function start() {
  const app = document.getElementById("app");
  const source = openSource();
  try {
    const cfg = await source.config();
    if (source.embedded) {
      const t = await source.timeline();
      document.title = `${t.match.match} · Chronicle`;
      await showViewer(app, source, t.match.match, cfg);
      return;
    }
    const path = location.pathname;
    if (path.startsWith("/m/")) {
      const match = decodeURIComponent(path.slice(3));
      document.title = `${match} · Chronicle`;
      await showViewer(app, source, match, cfg);
    } else if (path === "/diff") {
      document.title = "diff · Chronicle";
      await showDiff(app, source, cfg);
    } else {
      await showList(app, source, cfg);
    }
  } catch (err) {
    app.innerHTML = `<p class="error">${esc(err.message)}</p>${source.embedded ? "" : `<p><a href="/">All matches</a></p>`}`;
    document.documentElement.dataset.ready = "error";
  }
}
