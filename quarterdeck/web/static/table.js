// The SVG table: zoom and pan (mouse, wheel, touch pinch, buttons), labels
// placed so that none overlaps another or a ship, rulers that keep the grid's
// coordinates on the edges, a name tip on hover or tap, and drag moves.
// The chosen view survives the server's redraws: window.qdTable.apply() puts
// it back on the new <svg> after each swap.
(function () {
  "use strict";
  let box = null; // [x, y, w, h] chosen by the person, or null for the opening view
  const pointers = new Map();
  let last = null;
  const LABEL_PX = 12; // a ship's name on screen, whatever the zoom
  const RULER_PX = 11;
  const MIN_SHIP_PX = 14; // below this a ship is too small to label: names on hover only
  const RULER_GAP_PX = 18; // the closest two coordinates on a ruler may stand

  function svg() { return document.querySelector("#frag-table svg"); }
  function home(s) { return s.getAttribute("data-home") || s.getAttribute("viewBox"); }
  function current(s) { return (s.getAttribute("viewBox") || home(s)).split(/\s+/).map(Number); }
  function set(s, b) {
    const width = current(s)[2];
    box = b;
    s.setAttribute("viewBox", b.map((v) => v.toFixed(1)).join(" "));
    pinned(s);
    if (Math.abs(width - b[2]) > 1e-6) later();
  }

  function zoom(factor, cx, cy) {
    const s = svg(); if (!s) return;
    const [x, y, w, h] = current(s);
    const px = cx === undefined ? x + w / 2 : cx, py = cy === undefined ? y + h / 2 : cy;
    const nw = Math.min(Math.max(w * factor, 40), 20000), nh = h * (nw / w);
    set(s, [px - (px - x) * (nw / w), py - (py - y) * (nh / h), nw, nh]);
  }
  // the screen-to-table mapping of the svg as shown (preserveAspectRatio meet)
  function frame(s) {
    const r = s.getBoundingClientRect(); const [x, y, w, h] = current(s);
    const scale = Math.max(w / r.width, h / r.height) || 1;
    const ox = x + w / 2 - (r.width * scale) / 2, oy = y + h / 2 - (r.height * scale) / 2;
    return { r, scale, ox, oy,
      toSvg: (cx, cy) => [ox + (cx - r.left) * scale, oy + (cy - r.top) * scale],
      toScreen: (ux, uy) => [r.left + (ux - ox) / scale, r.top + (uy - oy) / scale] };
  }
  function toSvg(s, clientX, clientY) {
    const f = frame(s); const [x, y] = f.toSvg(clientX, clientY);
    return [x, y, f.scale];
  }

  // -- rulers: the grid's coordinates along the top and left edges ----------
  function pinned(s) {
    const f = frame(s);
    if (!f.r.width) return;
    const k = f.scale;
    const top = f.oy, left = f.ox, width = f.r.width * k, height = f.r.height * k;
    // pinned: kept in a corner of the view, the same size on screen
    s.querySelectorAll("[data-pin]").forEach((g) => {
      const c = g.getAttribute("data-pin");
      const px = c[1] === "r" ? left + width : left, py = c[0] === "b" ? top + height : top;
      g.setAttribute("transform", `translate(${px.toFixed(2)} ${py.toFixed(2)}) scale(${k.toFixed(4)})`);
    });
    s.querySelectorAll("[data-ruler]").forEach((g) => {
      const edge = g.getAttribute("data-ruler");
      let band = g.querySelector("rect.ruler-band");
      if (!band) {
        band = document.createElementNS("http://www.w3.org/2000/svg", "rect");
        band.setAttribute("class", "ruler-band");
        g.insertBefore(band, g.firstChild);
      }
      const thick = (RULER_PX + 6) * k;
      if (edge === "top") {
        band.setAttribute("x", left); band.setAttribute("y", top);
        band.setAttribute("width", width); band.setAttribute("height", thick);
      } else {
        band.setAttribute("x", left); band.setAttribute("y", top + thick);
        band.setAttribute("width", thick * 1.6); band.setAttribute("height", height);
      }
      // zoomed out, the coordinates thin out so that they never run together
      const marks = [...g.querySelectorAll("text[data-at]")];
      const step = marks.length > 1
        ? Math.abs(Number(marks[1].getAttribute("data-at")) - Number(marks[0].getAttribute("data-at"))) / k : RULER_GAP_PX;
      const every = Math.max(1, Math.ceil(RULER_GAP_PX / Math.max(step, 1e-6)));
      marks.forEach((t, n) => {
        const at = Number(t.getAttribute("data-at"));
        t.setAttribute("font-size", (RULER_PX * k).toFixed(2));
        if (edge === "top") {
          t.setAttribute("x", at); t.setAttribute("y", (top + (RULER_PX + 1) * k).toFixed(2));
          t.style.display = at < left + 1.8 * thick || at > left + width || n % every ? "none" : "";
        } else {
          t.setAttribute("x", (left + thick * 0.8).toFixed(2));
          t.setAttribute("y", (at + RULER_PX * 0.35 * k).toFixed(2));
          t.style.display = at < top + 1.4 * thick || at > top + height || n % every ? "none" : "";
        }
      });
    });
  }

  // -- labels: each name where it overlaps no other name and no ship --------
  let timer = null;
  function later() { clearTimeout(timer); timer = setTimeout(layout, 60); }
  const canvas = document.createElement("canvas").getContext("2d");
  function textWidth(text, px, family) {
    canvas.font = `700 ${px}px ${family}`;
    return canvas.measureText(text).width;
  }
  function hit(a, b, gap) {
    return a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;
  }
  function inside(pt, poly) {
    let c = false;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const [xi, yi] = poly[i], [xj, yj] = poly[j];
      if ((yi > pt[1]) !== (yj > pt[1]) && pt[0] < ((xj - xi) * (pt[1] - yi)) / (yj - yi) + xi) c = !c;
    }
    return c;
  }
  function meets(rect, hull) {
    if (!hit(rect, hull.box, 0)) return false;
    for (const p of hull.poly) if (p[0] >= rect.x && p[0] <= rect.x + rect.w && p[1] >= rect.y && p[1] <= rect.y + rect.h) return true;
    const corners = [[rect.x, rect.y], [rect.x + rect.w, rect.y], [rect.x, rect.y + rect.h], [rect.x + rect.w, rect.y + rect.h],
      [rect.x + rect.w / 2, rect.y + rect.h / 2]];
    return corners.some((c) => inside(c, hull.poly));
  }
  // a hull's outline on the screen, sampled along its path
  function outline(path) {
    const m = path.getScreenCTM();
    if (!m) return null;
    let pts = [];
    try {
      const len = path.getTotalLength();
      for (let i = 0; i < 24; i++) {
        const p = path.getPointAtLength((len * i) / 24);
        const q = new DOMPoint(p.x, p.y).matrixTransform(m);
        pts.push([q.x, q.y]);
      }
    } catch (_) { pts = []; }
    if (pts.length < 3) {
      // words in the way (a status line): their box and a little room round it
      const b = path.getBoundingClientRect(), g = 2;
      pts = [[b.left - g, b.top - g], [b.right + g, b.top - g], [b.right + g, b.bottom + g], [b.left - g, b.bottom + g]];
    }
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const bx = Math.min(...xs), by = Math.min(...ys);
    return { poly: pts, box: { x: bx, y: by, w: Math.max(...xs) - bx, h: Math.max(...ys) - by } };
  }
  function candidates(b, w, h) {
    // around the ship's box: close first, then further out on a leader line
    const cx = b.x + b.w / 2, cy = b.y + b.h / 2, g = 2;
    const out = [
      [cx - w / 2, b.y - g - h], [cx - w / 2, b.y + b.h + g], [b.x + b.w + g, cy - h / 2], [b.x - g - w, cy - h / 2],
      [b.x + b.w, b.y - h], [b.x - w, b.y - h], [b.x + b.w, b.y + b.h], [b.x - w, b.y + b.h],
    ];
    for (const d of [0.8, 1.6, 2.5, 3.5, 4.6, 6, 8]) {
      const o = d * (h + 4);
      out.push([cx - w / 2, b.y - g - h - o], [cx - w / 2, b.y + b.h + g + o],
        [b.x + b.w + g + o, cy - h / 2], [b.x - g - w - o, cy - h / 2],
        [cx - w / 2 + o, b.y - g - h - o], [cx - w / 2 - o, b.y - g - h - o],
        [cx - w / 2 + o, b.y + b.h + g + o], [cx - w / 2 - o, b.y + b.h + g + o],
        [cx + o * 0.3, b.y - g - h - o * 0.5], [cx - w - o * 0.3, b.y - g - h - o * 0.5],
        [cx + o * 0.3, b.y + b.h + g + o * 0.5], [cx - w - o * 0.3, b.y + b.h + g + o * 0.5]);
    }
    return out;
  }
  function layout() {
    const s = svg(); if (!s) return;
    const holder = document.getElementById("frag-table");
    const labels = [...s.querySelectorAll("text.placeable")];
    s.querySelectorAll("g.leaders").forEach((g) => g.remove());
    if (!labels.length) return;
    const f = frame(s);
    if (!f.r.width) return;
    const k = f.scale;
    const family = getComputedStyle(labels[0]).fontFamily || "sans-serif";
    const view = { x: f.r.left + 2, y: f.r.top + 2, w: f.r.width - 4, h: f.r.height - 4 };
    const hulls = new Map();
    s.querySelectorAll("[data-ship]:not(.ghost) .hull, [data-ship].troop rect, [data-ship] .fort-body, .obstacle").forEach((p) => {
      if (p.closest(".move-option, .ghost")) return;
      const o = outline(p); if (!o) return;
      const owner = p.closest("[data-ship]");
      o.ship = owner ? owner.getAttribute("data-ship") : null;
      hulls.set(p, o);
    });
    const obstacles = [...hulls.values()];
    // the handles of the moves on offer are obstacles too
    s.querySelectorAll(".move-option .handle").forEach((c) => {
      const b = c.getBoundingClientRect();
      if (b.width) obstacles.push({ box: { x: b.left, y: b.top, w: b.width, h: b.height },
        poly: [[b.left, b.top], [b.right, b.top], [b.right, b.bottom], [b.left, b.bottom]] });
    });
    // and so are the corners kept on screen (the wind rose) and the rulers
    s.querySelectorAll(".pinned, .ruler-band").forEach((el) => {
      const b = el.getBoundingClientRect();
      if (b.width) obstacles.push({ box: { x: b.left, y: b.top, w: b.width, h: b.height },
        poly: [[b.left, b.top], [b.right, b.top], [b.right, b.bottom], [b.left, b.bottom]] });
    });
    const sizes = obstacles.filter((o) => o.ship).map((o) => Math.max(o.box.w, o.box.h)).sort((a, b) => a - b);
    const tiny = sizes.length > 0 && sizes[Math.floor(sizes.length / 2)] < MIN_SHIP_PX;
    holder.classList.toggle("labels-off", tiny);
    const items = labels.map((t) => {
      const id = t.getAttribute("data-for");
      const own = obstacles.find((o) => o.ship === id && o.ship !== null);
      let anchor;
      if (own) anchor = own.box;
      else {
        const [ax, ay] = f.toScreen(Number(t.getAttribute("data-ax")), Number(t.getAttribute("data-ay")));
        anchor = { x: ax - 4, y: ay - 4, w: 8, h: 8 };
      }
      const crowd = obstacles.filter((o) => Math.hypot(o.box.x - anchor.x, o.box.y - anchor.y) < 90).length;
      return { t, id, anchor, crowd, rank: Number(t.getAttribute("data-rank") || 0) };
    });
    items.sort((a, b) => b.rank - a.rank || b.crowd - a.crowd || a.anchor.y - b.anchor.y || a.anchor.x - b.anchor.x);
    const placed = [];
    const lines = [];
    const h = Math.round(LABEL_PX * 1.2);
    for (const it of items) {
      it.t.classList.remove("unplaced");
      if (tiny) { it.t.classList.add("unplaced"); continue; }
      const texts = [it.t.getAttribute("data-name") || it.t.textContent];
      const short = it.t.getAttribute("data-short");
      if (short && short !== texts[0]) texts.push(short);
      let found = null;
      for (const text of texts) {
        const w = textWidth(text, LABEL_PX, family) + 4;
        for (const [x, y] of candidates(it.anchor, w, h)) {
          const rect = { x, y, w, h };
          if (rect.x < view.x || rect.y < view.y || rect.x + w > view.x + view.w || rect.y + h > view.y + view.h) continue;
          if (placed.some((p) => hit(rect, p, 1))) continue;
          if (obstacles.some((o) => meets(rect, o))) continue;
          found = { rect, text };
          break;
        }
        if (found) break;
      }
      if (!found) { it.t.classList.add("unplaced"); continue; }
      placed.push(found.rect);
      const r = found.rect;
      it.t.textContent = found.text;
      const [ux, uy] = f.toSvg(r.x + r.w / 2, r.y + h * 0.82);
      it.t.setAttribute("x", ux.toFixed(2)); it.t.setAttribute("y", uy.toFixed(2));
      it.t.setAttribute("text-anchor", "middle");
      it.t.style.fontSize = (LABEL_PX * k).toFixed(3) + "px";
      it.t.style.strokeWidth = (3 * k).toFixed(3) + "px";
      // far from her: a leader line from the ship's edge to the name
      const a = it.anchor;
      const nx = Math.max(a.x, Math.min(r.x + r.w / 2, a.x + a.w)), ny = Math.max(a.y, Math.min(r.y + r.h / 2, a.y + a.h));
      const lx = Math.max(r.x, Math.min(nx, r.x + r.w)), ly = Math.max(r.y, Math.min(ny, r.y + r.h));
      if (Math.hypot(lx - nx, ly - ny) > 6) lines.push([f.toSvg(nx, ny), f.toSvg(lx, ly)]);
    }
    if (lines.length) {
      const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
      g.setAttribute("class", "leaders");
      g.setAttribute("aria-hidden", "true");
      for (const [[x1, y1], [x2, y2]] of lines) {
        const l = document.createElementNS("http://www.w3.org/2000/svg", "line");
        l.setAttribute("x1", x1.toFixed(2)); l.setAttribute("y1", y1.toFixed(2));
        l.setAttribute("x2", x2.toFixed(2)); l.setAttribute("y2", y2.toFixed(2));
        l.style.strokeWidth = (1.2 * k).toFixed(3) + "px";
        g.appendChild(l);
      }
      const first = s.querySelector("text.placeable");
      first.parentNode.insertBefore(g, first);
    }
  }

  // -- the name of a ship under the pointer, or tapped ---------------------
  function tip() {
    let el = document.getElementById("table-tip");
    if (!el) {
      el = document.createElement("div");
      el.id = "table-tip"; el.className = "table-tip"; el.setAttribute("role", "tooltip"); el.hidden = true;
      document.body.appendChild(el);
    }
    return el;
  }
  function nameOf(id) {
    const t = document.querySelector(`#frag-table text.placeable[data-for="${CSS.escape(id)}"]`);
    if (t) return t.getAttribute("data-name") || t.textContent;
    const g = document.querySelector(`#frag-table [data-ship="${CSS.escape(id)}"] > title`);
    return g ? g.textContent.split(/[(:,]/)[0].trim() : id;
  }
  function showTip(id, x, y) {
    const el = tip();
    el.textContent = nameOf(id);
    el.hidden = false;
    el.style.left = `${x + window.scrollX + 12}px`; el.style.top = `${y + window.scrollY - 30}px`;
  }
  function hideTip() { tip().hidden = true; }

  // the piece under a point: a move drawn on the table, a ship, or a ship's name
  function under(clientX, clientY, target) {
    const stack = document.elementsFromPoint ? document.elementsFromPoint(clientX, clientY) : [target];
    for (const el of stack) {
      if (!el.closest || !el.closest("#frag-table")) continue;
      const move = el.closest("[data-answer]");
      if (move && move.style.display !== "none") return { answer: move.getAttribute("data-answer"), ship: null };
      const piece = el.closest("[data-ship]");
      if (piece && !piece.closest(".ghost")) return { ship: piece.getAttribute("data-ship"), answer: null };
      const label = el.closest("[data-for]");
      if (label) return { ship: label.getAttribute("data-for"), answer: null };
    }
    return { ship: null, answer: null };
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
      if (window.qdDrag) window.qdDrag.cancel();
      const found = under(e.clientX, e.clientY, e.target);
      press = { x: e.clientX, y: e.clientY, ship: found.ship, answer: found.answer, moved: false };
      // a ship whose moves are on offer is dragged, not the table under her
      press.drag = window.qdDrag && pointers.size === 1 ? window.qdDrag.start(found.ship, e) : false;
      try { holder.setPointerCapture(e.pointerId); } catch (_) { /* pointer already gone */ }
      last = null;
      hideTip();
    });
    holder.addEventListener("pointermove", (e) => {
      if (!pointers.has(e.pointerId)) {
        // hovering: the ship's name as a tip
        if (e.pointerType === "mouse") {
          const found = under(e.clientX, e.clientY, e.target);
          if (found.ship) showTip(found.ship, e.clientX, e.clientY); else hideTip();
        }
        return;
      }
      const s = svg(); if (!s) return;
      const prev = pointers.get(e.pointerId);
      pointers.set(e.pointerId, [e.clientX, e.clientY]);
      if (press && Math.hypot(e.clientX - press.x, e.clientY - press.y) >= 6) press.moved = true;
      if (press && press.drag) { window.qdDrag.move(e); return; }
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
    holder.addEventListener("pointerleave", hideTip);
    const up = (e) => { pointers.delete(e.pointerId); last = null; };
    holder.addEventListener("pointerup", (e) => {
      if (press && press.drag && press.moved) {
        window.qdDrag.end(e);
      } else if (press && (press.ship || press.answer) && !press.moved) {
        // a press that did not move is a click on the piece under it
        if (press.drag) window.qdDrag.cancel();
        if (press.ship && e.pointerType !== "mouse") {
          showTip(press.ship, e.clientX, e.clientY);
          setTimeout(hideTip, 2000);
        }
        holder.dispatchEvent(new CustomEvent("qd-piece", { bubbles: true,
          detail: { ship: press.ship, answer: press.answer } }));
      } else if (press && press.drag) {
        window.qdDrag.cancel();
      } else if (press && press.moved) {
        later(); // panned: names near the edges may fit now
      }
      press = null;
      up(e);
    });
    holder.addEventListener("pointercancel", (e) => { if (press && press.drag) window.qdDrag.cancel(); press = null; up(e); });
    document.querySelectorAll("[data-zoom]").forEach((b) => b.addEventListener("click", () => {
      const what = b.getAttribute("data-zoom");
      if (what === "in") zoom(1 / 1.3);
      else if (what === "out") zoom(1.3);
      else {
        const s = svg(); if (!s) return;
        const to = (what === "whole" && s.getAttribute("data-whole")) || home(s);
        set(s, to.split(/\s+/).map(Number));
        if (what !== "whole") box = null;
      }
    }));
    window.addEventListener("resize", () => { const s = svg(); if (s) { pinned(s); later(); } });
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
    const whole = document.querySelector("[data-zoom=whole]");
    const s = svg();
    if (whole) whole.hidden = !(s && s.getAttribute("data-whole") && s.getAttribute("data-whole") !== home(s));
  }
  // -- a ship dragged to one of her moves, with a measuring tape ----------
  const NS = "http://www.w3.org/2000/svg";
  function at(el) {
    const m = /translate\(\s*([-\d.]+)[ ,]+([-\d.]+)/.exec(el.getAttribute("transform") || "");
    return m ? [Number(m[1]), Number(m[2])] : null;
  }
  window.qdDrag = (function () {
    let d = null;
    function clear() {
      const holder = document.getElementById("frag-table");
      if (holder) holder.classList.remove("dragging");
      document.querySelectorAll("#frag-table .move-option.near").forEach((o) => o.classList.remove("near"));
      document.querySelectorAll("#frag-table .move-options.active").forEach((o) => o.classList.remove("active"));
      document.querySelectorAll("#frag-table g.tape").forEach((g) => g.remove());
      d = null;
    }
    function nearest(x, y) {
      let best = null;
      for (const o of d.ends) {
        const dist = Math.hypot(o.x - x, o.y - y);
        if (!best || dist < best.dist) best = { o, dist };
      }
      return best;
    }
    function tape(x1, y1, x2, y2, k) {
      let g = d.s.querySelector("g.tape");
      if (!g) {
        g = document.createElementNS(NS, "g"); g.setAttribute("class", "tape");
        g.innerHTML = '<line class="tape-line"/><line class="tape-end"/><text class="tape-text"/>';
        d.s.appendChild(g);
      }
      const [line, , text] = g.children;
      line.setAttribute("x1", x1); line.setAttribute("y1", y1); line.setAttribute("x2", x2); line.setAttribute("y2", y2);
      line.style.strokeWidth = (2 * k) + "px"; line.style.strokeDasharray = `${6 * k} ${4 * k}`;
      const dist = Math.hypot(x2 - x1, y2 - y1) / d.unit;
      text.textContent = `${dist.toFixed(1)} ${d.unitName}`;
      // the label goes past the tape's far end, away from the ship (and her name)
      const len = Math.hypot(x2 - x1, y2 - y1) || 1, ux = (x2 - x1) / len, uy = (y2 - y1) / len;
      text.setAttribute("x", x2 + ux * 16 * k); text.setAttribute("y", y2 + uy * 16 * k + 5 * k);
      text.setAttribute("text-anchor", ux >= 0 ? "start" : "end");
      text.style.fontSize = (13 * k) + "px"; text.style.strokeWidth = (4 * k) + "px";
    }
    return {
      start(ship, e) {
        const s = svg();
        if (!ship || !s) return false;
        const group = s.querySelector(`.move-options[data-mover="${CSS.escape(ship)}"]`);
        const piece = s.querySelector(`g.ship[data-ship="${CSS.escape(ship)}"]`)
          || s.querySelector(`g[data-ship="${CSS.escape(ship)}"]`);
        if (!group || !piece) return false;
        const ends = [...group.querySelectorAll(".move-option")]
          .filter((o) => o.style.display !== "none" && o.classList.contains("choosable"))
          .map((o) => { const g = o.querySelector(".ghost"); const p = g ? at(g) : null; return p ? { o, x: p[0], y: p[1] } : null; })
          .filter(Boolean);
        // where she stands: her group's translation, else the middle of her drawing
        let origin = at(piece);
        if (!origin) { const b = piece.getBBox(); origin = [b.x + b.width / 2, b.y + b.height / 2]; }
        if (!ends.length || !origin) return false;
        group.classList.add("active");
        d = { s, ship, ends, origin, unit: Number(s.getAttribute("data-unit") || 1),
          unitName: s.getAttribute("data-unit-name") || "units" };
        return true;
      },
      move(e) {
        if (!d) return;
        const f = frame(d.s);
        const [x, y] = f.toSvg(e.clientX, e.clientY);
        document.getElementById("frag-table").classList.add("dragging");
        const best = nearest(x, y);
        d.ends.forEach((o) => o.o.classList.toggle("near", best && o === best.o));
        tape(d.origin[0], d.origin[1], x, y, f.scale);
      },
      end(e) {
        if (!d) return;
        const f = frame(d.s);
        const [x, y] = f.toSvg(e.clientX, e.clientY);
        const best = nearest(x, y);
        const reach = Math.max(d.unit * 1.5, 48 * f.scale);
        const chosen = best && best.dist <= reach ? best.o.o : null;
        // an end answers the prompt (data-answer) or fills fields of its form (data-fill)
        const answer = chosen ? chosen.getAttribute("data-answer") : null;
        const fill = chosen ? chosen.getAttribute("data-fill") : null;
        const s = d.s, origin = d.origin, k = f.scale;
        const end = best ? [best.o.x, best.o.y] : null;
        clear();
        if (!answer && !fill) return;
        // the tape stays on the chosen end until the move is confirmed or changed
        d = { s, unit: Number(s.getAttribute("data-unit") || 1), unitName: s.getAttribute("data-unit-name") || "units" };
        tape(origin[0], origin[1], end[0], end[1], k);
        d = null;
        document.getElementById("frag-table").dispatchEvent(new CustomEvent("qd-piece", { bubbles: true,
          detail: { ship: null, answer, fill, piece: chosen } }));
      },
      cancel: clear,
    };
  })();

  window.qdTable = {
    apply() {
      bind(); layers();
      const s = svg();
      if (s && box) s.setAttribute("viewBox", box.map((v) => v.toFixed(1)).join(" "));
      if (s) { pinned(s); layout(); }
    },
    layout,
    frame() { const s = svg(); return s ? frame(s) : null; },
  };
  document.addEventListener("DOMContentLoaded", () => window.qdTable.apply());
})();
