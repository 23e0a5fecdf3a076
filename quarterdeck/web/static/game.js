// The game page: swaps in the fragments the server sends, sends answers and
// physical dice. Every check here is repeated by the server.
(function () {
  "use strict";
  const root = document.getElementById("game");
  if (!root) return;
  const gameId = root.dataset.game;
  const token = root.dataset.token;
  let version = Number(root.dataset.version || 0);
  const msg = document.getElementById("message");
  const conn = document.getElementById("conn");
  const baseTitle = document.title;
  const seat = root.dataset.seat || "";

  // the ship cards: this seat's own first; all, only its own, or only the
  // others' (kept for the tab); a card without a side is always shown
  const filterKey = "qd-cards-" + gameId;
  let cardFilter = sessionStorage.getItem(filterKey) || "all";
  function arrangeCards() {
    if (!seat && cardFilter !== "all") cardFilter = "all";
    document.querySelectorAll("#frag-cards .card[data-side]").forEach((c) => {
      const mine = seat !== "" && c.dataset.side === seat;
      c.classList.toggle("own", mine);
      c.hidden = (cardFilter === "mine" && !mine) || (cardFilter === "others" && mine);
    });
    document.querySelectorAll("[data-cards]").forEach((b) =>
      b.setAttribute("aria-pressed", String(b.dataset.cards === cardFilter)));
  }
  document.querySelectorAll("[data-cards]").forEach((b) => b.addEventListener("click", () => {
    cardFilter = b.dataset.cards;
    sessionStorage.setItem(filterKey, cardFilter);
    arrangeCards();
  }));
  // a piece clicked on the table when it answers nothing: show its card
  function showCard(ship) {
    const card = document.querySelector(`#frag-cards .card[data-ship="${CSS.escape(ship)}"]`);
    if (!card) return;
    if (card.hidden) { cardFilter = "all"; arrangeCards(); }
    card.scrollIntoView({ block: "nearest" });
    card.classList.remove("flash");
    void card.offsetWidth;  // restart the highlight
    card.classList.add("flash");
  }

  function say(text) { msg.textContent = text || ""; }

  // the tab's title says when this seat has something to do
  function showTurn() {
    const todo = document.querySelector("#frag-prompt button.answer, #frag-prompt form, #frag-need form");
    document.title = (todo ? "▶ Your move · " : "") + baseTitle;
  }

  // the fragments last put in (the browser's own innerHTML never matches the
  // server's text, so comparing with it would redraw everything each time)
  const applied = {};
  // a redraw of the same question keeps what the person has typed so far
  function swap(el, html) {
    const key = (x) => { const q = x.querySelector(".instruction, .question"); return q ? q.textContent : null; };
    const before = key(el);
    const typed = [...el.querySelectorAll("input")].map((i) => [i.name || "", i.value]);
    el.innerHTML = html;
    if (before === null || key(el) !== before) return;
    el.querySelectorAll("input").forEach((i, n) => {
      if (typed[n] && typed[n][0] === (i.name || "") && typed[n][1] !== "") i.value = typed[n][1];
    });
  }

  function apply(state, force) {
    if (!state || !state.fragments) return;
    if (!force && state.version < version) return;
    version = state.version;
    root.dataset.version = String(version);
    for (const [name, html] of Object.entries(state.fragments)) {
      const el = document.getElementById("frag-" + name);
      if (el && applied[name] !== html) swap(el, html);
      applied[name] = html;
    }
    if (window.qdTable) window.qdTable.apply();
    arrangeCards();
    markChoosable();
    showTurn();
    // keyboard users keep their place: if the control they used was replaced,
    // focus moves to the next thing to do (a roll to enter, or a decision)
    if (!document.activeElement || document.activeElement === document.body) {
      const next = document.querySelector("#frag-need input, #frag-prompt button, #frag-prompt input");
      if (next) next.focus({ preventScroll: true });
    }
    const note = document.getElementById("pick-note");
    if (note && state.fragments.prompt !== undefined) note.textContent = "";
    const log = document.getElementById("frag-log");
    if (log) log.scrollTop = log.scrollHeight;
  }

  async function post(path, body) {
    // one answer at a time: a second click or Enter while the first is on
    // its way would answer a question the game has already moved past
    if (root.classList.contains("busy")) return;
    say("");
    root.classList.add("busy");
    try {
      const res = await fetch(`/api/games/${gameId}/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(Object.assign({ token }, body)),
      });
      const data = await res.json().catch(() => ({}));
      if (!res.ok) {
        const d = data.detail;
        say(typeof d === "string" ? d : "The server refused that: " + JSON.stringify(d));
        return;
      }
      apply(data, false);
    } catch (e) {
      say("Could not reach the server: " + e);
    } finally {
      root.classList.remove("busy");
      // the same question may be asked again, and a refusal leaves it open
      document.querySelectorAll("button.answer").forEach((x) => (x.disabled = false));
    }
  }

  // the host gives a side a new link: the old one stops working at once
  document.addEventListener("click", async (e) => {
    const b = e.target.closest("button.revoke");
    if (!b) return;
    const host = b.closest("[data-host]").dataset.host;
    const res = await fetch(`/api/games/${gameId}/revoke`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ host, side: b.dataset.side }),
    });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) { say(data.detail || "The server refused to revoke the link."); return; }
    const input = document.querySelector(`input[data-link-for="${b.dataset.side}"]`);
    if (input) input.value = data.link;
    say("A new link is ready; the old one no longer works.");
  });

  document.addEventListener("click", (e) => {
    const b = e.target.closest("button.answer");
    if (!b || !token) return;
    document.querySelectorAll("button.answer").forEach((x) => (x.disabled = true));
    post("answer", { answer: b.dataset.answer });
  });

  // a piece on the table that an answer names (e.g. "board:chesapeake") is
  // picked by clicking it, and so is a move a renderer draws on the table
  // (an element with data-answer): the answer is marked and its result shown
  // on the table, and it is sent when the player confirms with its button
  function answerButton(el) {
    const answer = el.getAttribute("data-answer");
    if (answer !== null) return document.querySelector(`button.answer[data-answer="${CSS.escape(answer)}"]`);
    // an answer that is the piece's id (a target, a unit to fire), else one
    // that ends in ":<id>" (board:chesapeake)
    const id = el.getAttribute("data-ship");
    return document.querySelector(`button.answer[data-answer="${CSS.escape(id)}"]`)
      || document.querySelector(`button.answer[data-answer$=":${CSS.escape(id)}"]`);
  }
  // a move end that fills fields of the open form (data-fill: {name: value}):
  // the fields it names, if the form has them all and allows the values
  function fillFields(el) {
    let fill;
    try { fill = JSON.parse(el.getAttribute("data-fill") || ""); } catch (_) { return null; }
    const form = document.querySelector("form.form-prompt");
    if (!form || !fill || typeof fill !== "object") return null;
    const out = [];
    for (const [name, value] of Object.entries(fill)) {
      const field = form.elements.namedItem(name);
      if (!field || !("value" in field)) return null;
      const v = String(value);
      if (field.tagName === "SELECT" && ![...field.options].some((o) => o.value === v)) return null;
      if (field.type === "number" && ((field.min !== "" && Number(v) < Number(field.min))
        || (field.max !== "" && Number(v) > Number(field.max)))) return null;
      out.push([field, v]);
    }
    return out.length ? out : null;
  }
  function markChoosable() {
    document.querySelectorAll("#frag-table [data-fill]").forEach((g) => {
      g.classList.toggle("choosable", Boolean(fillFields(g)));
    });
    document.querySelectorAll("#frag-table [data-ship]:not([data-fill]), #frag-table [data-answer]").forEach((g) => {
      const hit = answerButton(g);
      g.classList.toggle("choosable", Boolean(hit));
      if (g.hasAttribute("data-answer")) g.style.display = hit ? "" : "none";
      if (hit) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", "on the table: " + hit.textContent.trim());
      } else {
        g.removeAttribute("tabindex");
        g.removeAttribute("role");
      }
    });
  }
  document.addEventListener("keydown", (e) => {
    const g = e.target.closest && e.target.closest("#frag-table .choosable[data-ship], #frag-table .choosable[data-answer]");
    if (!g || (e.key !== "Enter" && e.key !== " ")) return;
    e.preventDefault();
    document.dispatchEvent(new CustomEvent("qd-piece", {
      detail: { ship: g.getAttribute("data-ship"), answer: g.getAttribute("data-answer") } }));
  });
  document.addEventListener("qd-piece", (e) => {
    const { ship, answer, fill, piece: end } = e.detail;
    if (fill && end) {
      // a drag that fills the form: set its fields, show the end, do not submit
      const fields = fillFields(end);
      document.querySelectorAll("#frag-table .picked").forEach((g) => g.classList.remove("picked"));
      if (!fields) return;
      for (const [field, v] of fields) {
        field.value = v;
        field.dispatchEvent(new Event("input", { bubbles: true }));
        field.dispatchEvent(new Event("change", { bubbles: true }));
        field.classList.add("filled");
      }
      end.classList.add("picked");
      if (end.parentNode) end.parentNode.appendChild(end);
      say("");
      const label = end.getAttribute("aria-label") || end.getAttribute("data-label") || "";
      document.getElementById("pick-note").textContent = "Set on the table" + (label ? ": " + label : "")
        + ". Submit the form to confirm.";
      fields[0][0].scrollIntoView({ block: "nearest" });
      return;
    }
    const sel = answer ? `[data-answer="${CSS.escape(answer)}"]` : `[data-ship="${CSS.escape(ship)}"]`;
    const piece = document.querySelector("#frag-table " + sel);
    const hit = piece ? answerButton(piece) : null;
    document.querySelectorAll("button.answer.chosen").forEach((b) => b.classList.remove("chosen"));
    document.querySelectorAll("#frag-table .picked").forEach((g) => g.classList.remove("picked"));
    if (!hit) { if (ship) showCard(ship); return; }
    hit.classList.add("chosen");
    hit.focus({ preventScroll: true });
    piece.classList.add("picked");
    // a picked move is drawn over the others
    if (piece.hasAttribute("data-answer") && piece.parentNode) piece.parentNode.appendChild(piece);
    say("");
    document.getElementById("pick-note").textContent = "Picked on the table: " + hit.textContent.trim() + ". Press it to confirm.";
  });
  // choosing a move's button shows where it leads before it is confirmed
  document.addEventListener("pointerover", (e) => {
    const b = e.target.closest && e.target.closest("button.answer");
    document.querySelectorAll("#frag-table .hinted").forEach((g) => g.classList.remove("hinted"));
    if (!b) return;
    const g = document.querySelector(`#frag-table [data-answer="${CSS.escape(b.dataset.answer)}"]`);
    if (g) g.classList.add("hinted");
  });

  document.addEventListener("submit", (e) => {
    const form = e.target;
    if (form.classList.contains("form-prompt")) {
      e.preventDefault();
      const answer = {};
      let sum = 0;
      for (const el of form.querySelectorAll("input, select")) {
        if (el.dataset.type === "int") {
          const v = Number(el.value);
          const lo = Number(el.min), hi = Number(el.max);
          if (el.value.trim() === "" || !Number.isInteger(v) || v < lo || v > hi) {
            say(`${el.name}: ${el.value || "nothing"} is not allowed (legal values ${lo} to ${hi})`);
            el.focus();
            return;
          }
          answer[el.name] = v;
          sum += v;
        } else if (el.name) {
          answer[el.name] = el.value;
        }
      }
      if (form.dataset.totalLow !== undefined) {
        const lo = Number(form.dataset.totalLow), hi = Number(form.dataset.totalHigh);
        if (sum < lo || sum > hi) { say(`The numbers add up to ${sum}; they must add up to ${lo} to ${hi}.`); return; }
      }
      post("answer", { answer });
    } else if (form.classList.contains("dice-entry")) {
      e.preventDefault();
      const sides = Number(form.dataset.sides);
      const values = [];
      for (const el of form.querySelectorAll("input.die-value")) {
        const text = el.value.trim();
        const v = Number(text);
        if (text === "" || !Number.isInteger(v) || v < 1 || v > sides) {
          say(`${text || "nothing"} is not a possible roll of a d${sides} (legal values 1 to ${sides}).`);
          el.setAttribute("aria-invalid", "true");
          el.focus();
          return;
        }
        el.removeAttribute("aria-invalid");
        values.push(v);
      }
      post("dice", { values });
    } else if (form.classList.contains("card-entry")) {
      e.preventDefault();
      post("dice", { card: form.querySelector("select[name=card]").value });
    }
  });

  let delay = 500;
  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const q = token ? `?t=${encodeURIComponent(token)}` : "";
    const ws = new WebSocket(`${proto}://${location.host}/ws/games/${gameId}${q}`);
    ws.onopen = () => { conn.textContent = "live"; conn.className = "conn live"; delay = 500; };
    ws.onmessage = (ev) => {
      const data = JSON.parse(ev.data);
      if (data.type === "update") apply(data, false);
      else if (data.type === "error") say(data.detail);
    };
    ws.onclose = (ev) => {
      if (ev.code === 4403 || ev.code === 4404) {
        // the link was revoked (or the game is gone): reconnecting cannot help
        conn.textContent = "disconnected"; conn.className = "conn";
        if (ev.code === 4403 && token) say("This seat's link no longer works: ask the host for a new one.");
        return;
      }
      conn.textContent = "reconnecting…"; conn.className = "conn";
      setTimeout(connect, delay); delay = Math.min(delay * 2, 8000);
    };
  }
  connect();
  arrangeCards();
  markChoosable();
  window.qdGame = { markChoosable };
  showTurn();
  const log = document.getElementById("frag-log");
  if (log) log.scrollTop = log.scrollHeight;
})();
// A fleet's orders in one form: a row may copy the row above, or every row
// the first (a choice only where that row offers it).
(function () {
  "use strict";
  function copy(from, to) {
    to.querySelectorAll("td[data-col]").forEach((td) => {
      const src = from.querySelector(`td[data-col="${CSS.escape(td.dataset.col)}"] select, td[data-col="${CSS.escape(td.dataset.col)}"] input`);
      const dst = td.querySelector("select, input");
      if (!src || !dst) return;
      if (dst.tagName === "SELECT" && ![...dst.options].some((o) => o.value === src.value)) return;
      let v = src.value;
      // a number is copied within this row's own limits (a boat's smaller allowance)
      if (dst.type === "number" && v !== "") {
        if (dst.max !== "" && Number(v) > Number(dst.max)) v = dst.max;
        if (dst.min !== "" && Number(v) < Number(dst.min)) v = dst.min;
      }
      dst.value = v;
      dst.classList.remove("copied"); void dst.offsetWidth; dst.classList.add("copied");
    });
  }
  document.addEventListener("click", (e) => {
    const b = e.target.closest && e.target.closest("form.fleet-form button.same-as-above, form.fleet-form button.same-for-all");
    if (!b) return;
    const rows = [...b.closest("form").querySelectorAll("tbody tr")];
    if (b.classList.contains("same-for-all")) rows.slice(1).forEach((r) => copy(rows[0], r));
    else { const row = b.closest("tr"); const i = rows.indexOf(row); if (i > 0) copy(rows[i - 1], row); }
  });
})();
