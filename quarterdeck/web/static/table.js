// Zoom and pan of the SVG table with mouse, wheel, touch (pinch) and buttons.
// The chosen view survives the server's redraws: window.qdTable.apply() puts
// it back on the new <svg> after each swap.
(function () {
  "use strict";
  let box = null; // [x, y, w, h] chosen by the person, or null for the whole table
  const pointers = new Map();
  let last = null;

  function svg() { return document.querySelector("#frag-table svg"); }
  function home(s) { return s.getAttribute("data-home") || s.getAttribute("viewBox"); }
  function current(s) { return (s.getAttribute("viewBox") || home(s)).split(/\s+/).map(Number); }
  function set(s, b) { box = b; s.setAttribute("viewBox", b.map((v) => v.toFixed(1)).join(" ")); }

  function zoom(factor, cx, cy) {
    const s = svg(); if (!s) return;
    const [x, y, w, h] = current(s);
    const px = cx === undefined ? x + w / 2 : cx, py = cy === undefined ? y + h / 2 : cy;
    const nw = Math.min(Math.max(w * factor, 40), 20000), nh = h * (nw / w);
    set(s, [px - (px - x) * (nw / w), py - (py - y) * (nh / h), nw, nh]);
  }
  function toSvg(s, clientX, clientY) {
    const r = s.getBoundingClientRect(); const [x, y, w, h] = current(s);
    const scale = Math.max(w / r.width, h / r.height);
    const ox = x + w / 2 - (r.width * scale) / 2, oy = y + h / 2 - (r.height * scale) / 2;
    return [ox + (clientX - r.left) * scale, oy + (clientY - r.top) * scale, scale];
  }
  function bind() {
    const holder = document.getElementById("frag-table");
    if (!holder || holder.dataset.bound) return;
    holder.dataset.bound = "1";
    holder.addEventListener("wheel", (e) => {
      const s = svg(); if (!s) return;
      e.preventDefault();
      const [px, py] = toSvg(s, e.clientX, e.clientY);
      zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, px, py);
    }, { passive: false });
    let press = null; // where a press began, and the piece under it
    holder.addEventListener("pointerdown", (e) => {
      pointers.set(e.pointerId, [e.clientX, e.clientY]);
      // a move drawn on the table (data-answer) or a piece (data-ship)
      const move = e.target.closest && e.target.closest("[data-answer]");
      const piece = !move && e.target.closest && e.target.closest("[data-ship]");
      press = { x: e.clientX, y: e.clientY, ship: piece ? piece.getAttribute("data-ship") : null,
        answer: move ? move.getAttribute("data-answer") : null };
      try { holder.setPointerCapture(e.pointerId); } catch (_) { /* pointer already gone */ }
      last = null;
    });
    holder.addEventListener("pointermove", (e) => {
      if (!pointers.has(e.pointerId)) return;
      const s = svg(); if (!s) return;
      const prev = pointers.get(e.pointerId);
      pointers.set(e.pointerId, [e.clientX, e.clientY]);
      if (pointers.size === 1) {
        const [, , scale] = toSvg(s, e.clientX, e.clientY);
        const [x, y, w, h] = current(s);
        set(s, [x - (e.clientX - prev[0]) * scale, y - (e.clientY - prev[1]) * scale, w, h]);
      } else if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const dist = Math.hypot(a[0] - b[0], a[1] - b[1]);
        if (last) {
          const [px, py] = toSvg(s, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
          zoom(last / dist, px, py);
        }
        last = dist;
      }
    });
    const up = (e) => { pointers.delete(e.pointerId); last = null; };
    holder.addEventListener("pointerup", (e) => {
      // a press that did not move is a click on the piece under it
      if (press && (press.ship || press.answer) && Math.hypot(e.clientX - press.x, e.clientY - press.y) < 6) {
        holder.dispatchEvent(new CustomEvent("qd-piece", { bubbles: true,
          detail: { ship: press.ship, answer: press.answer } }));
      }
      press = null;
      up(e);
    });
    holder.addEventListener("pointercancel", up);
    document.querySelectorAll("[data-zoom]").forEach((b) => b.addEventListener("click", () => {
      const what = b.getAttribute("data-zoom");
      if (what === "in") zoom(1 / 1.3);
      else if (what === "out") zoom(1.3);
      else { const s = svg(); if (s) { box = null; s.setAttribute("viewBox", home(s)); } }
    }));
  }
  // layers a renderer offers (data-layer, e.g. arcs of fire) are shown on
  // demand; the choice is kept on the holder, so it survives redraws
  function layers() {
    const holder = document.getElementById("frag-table");
    document.querySelectorAll("[data-layer-toggle]").forEach((b) => {
      const name = b.getAttribute("data-layer-toggle");
      b.hidden = !document.querySelector(`#frag-table [data-layer="${name}"]`);
      if (!b.dataset.bound) {
        b.dataset.bound = "1";
        b.addEventListener("click", () => {
          const on = holder.classList.toggle("show-" + name);
          b.setAttribute("aria-pressed", String(on));
        });
      }
    });
  }
  window.qdTable = {
    apply() { bind(); layers(); const s = svg(); if (s && box) set(s, box); },
  };
  document.addEventListener("DOMContentLoaded", () => window.qdTable.apply());
})();
