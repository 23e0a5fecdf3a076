// The start page: the chosen rule set filters the scenarios, the chosen
// scenario shows its forces, history and sides; start posts the game.
(function () {
  "use strict";
  const rs = document.getElementById("ruleset");
  const sc = document.getElementById("scenario");
  const form = document.getElementById("start-form");
  const msg = document.getElementById("start-message");
  function showScenario() {
    document.querySelectorAll(".scenario-info").forEach((d) => {
      const on = d.dataset.scenario === sc.value;
      d.hidden = !on;
      d.querySelectorAll("select, input").forEach((s) => (s.disabled = !on));
    });
  }
  function filter() {
    let first = null;
    for (const o of sc.options) {
      const on = o.dataset.ruleset === rs.value;
      o.hidden = !on; o.disabled = !on;
      if (on && !first) first = o;
    }
    if (first && sc.selectedOptions[0] && sc.selectedOptions[0].disabled) sc.value = first.value;
    showScenario();
  }
  rs.addEventListener("change", filter);
  sc.addEventListener("change", showScenario);
  filter();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    msg.textContent = "";
    const seats = {};
    const info = `.scenario-info[data-scenario="${sc.value}"]`;
    document.querySelectorAll(`${info} select[data-side]`)
      .forEach((s) => { if (s.value !== "none") seats[s.dataset.side] = s.value; });
    const decks = {};
    document.querySelectorAll(`${info} details[data-deck]`).forEach((d) => {
      const counts = {};
      d.querySelectorAll("input[data-card]").forEach((i) => (counts[i.dataset.card] = Number(i.value)));
      decks[d.dataset.deck] = counts;
    });
    const dice = form.querySelector('input[name="dice"]:checked').value;
    const spectators = form.querySelector('input[name="spectators"]:checked').value || null;
    const res = await fetch("/api/games", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ scenario: sc.value, seats, dice, spectators, decks }),
    });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) { msg.textContent = typeof data.detail === "string" ? data.detail : "Could not start the game."; return; }
    const links = Object.entries(data.links || {});
    if (links.length === 0) { location.href = data.url; return; }
    const list = document.getElementById("link-list");
    list.innerHTML = "";
    for (const [side, url] of links) {
      const li = document.createElement("li");
      // the side as the scenario names it, from its seat's label
      const seat = document.querySelector(`.scenario-info[data-scenario="${sc.value}"] select[data-side="${side}"]`);
      const name = seat ? seat.parentElement.firstChild.textContent.trim() : side;
      li.textContent = name + ": ";
      const input = document.createElement("input");
      input.readOnly = true; input.value = url; input.dataset.side = side; input.setAttribute("aria-label", "link for " + name);
      li.appendChild(input); list.appendChild(li);
    }
    document.getElementById("go-table").href = data.url;
    document.getElementById("links").hidden = false;
    form.hidden = true;
  });
})();
