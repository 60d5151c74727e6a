// The viewer's keys, and the help that lists them.

export const keys = [
  ["→ or l", "next input"],
  ["← or h", "previous input"],
  ["Home / End", "first / last input"],
  ["n", "next turn's start"],
  ["p", "this turn's start, or the previous turn's"],
  ["]", "next mark (turn, spell, life change, rejection, finding)"],
  ["[", "previous mark"],
  ["f", "flip the view: judge, each player, public"],
  ["?", "this help; Esc closes it"],
];

export function keysHelp() {
  return `<h2>Keys</h2><dl>${keys.map(([k, what]) => `<dt><kbd>${k}</kbd></dt><dd>${what}</dd>`).join("")}</dl>
<p>Every position has its own link: the address bar follows the cursor (match, seq, view).</p>`;
}

// isTyping reports whether a key is meant for a form field.
export function isTyping(el) {
  return el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable);
}
