// The explanation of a roll: click (or Enter on) a roll in the dice tray or
// the log. On the game page the server explains it from this seat's own log;
// on a replay, from the log as it stood at the replay's step (what a watcher
// saw then).
(function () {
  "use strict";
  const root = document.getElementById("game") || document.getElementById("replay");
  if (!root || !root.dataset.game) return;
  function dialog() {
    let d = document.getElementById("explain");
    if (!d) {
      d = document.createElement("dialog");
      d.id = "explain"; d.className = "explain"; d.setAttribute("aria-labelledby", "explain-title");
      d.innerHTML = '<form method="dialog"><button class="close" aria-label="Close">✕</button></form><div class="explain-body"></div>';
      document.body.appendChild(d);
      d.addEventListener("click", (e) => { if (e.target === d) d.close(); });
    }
    return d;
  }
  function address(entry) {
    const game = encodeURIComponent(root.dataset.game);
    if (root.id === "replay") return `/games/${game}/replay/explain/${entry}?step=${encodeURIComponent(root.dataset.step || "0")}`;
    const token = root.dataset.token;
    return `/games/${game}/explain/${entry}` + (token ? `?t=${encodeURIComponent(token)}` : "");
  }
  async function open(entry) {
    const res = await fetch(address(entry));
    const d = dialog();
    d.querySelector(".explain-body").innerHTML = res.ok ? await res.text()
      : "<p>This roll cannot be explained: " + res.status + "</p>";
    if (!d.open) d.showModal();
  }
  const WHERE = "#frag-tray [data-entry], #frag-log [data-entry]";
  document.addEventListener("click", (e) => {
    const item = e.target.closest && e.target.closest(WHERE);
    if (item) open(item.dataset.entry);
  });
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const item = e.target.closest && e.target.closest(WHERE);
    if (item) { e.preventDefault(); open(item.dataset.entry); }
  });
})();
