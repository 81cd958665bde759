// Draws a board in SVG from a variant's geometry (the squares the server lists) and a view
// model: pieces, trampolines, marks, targets, paths and the analysis arrow. The same code
// draws the small boards of the piece legend. It knows no chess rule: every mark it draws
// comes from the model.

import { symbolId } from "./pieces.js";

const NS = "http://www.w3.org/2000/svg";
export const UNIT = 100; // one square in SVG user units
export const MARGIN = 44; // room for the coordinates left of and below the box

/** Creates an SVG element with attributes. */
export function svgEl(name, attrs = {}, parent = null) {
  const el = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  }
  if (parent) parent.append(el);
  return el;
}

/**
 * The geometry of a variant: square name -> {file, rank, light}, holes (cells inside the
 * board that are no square, like Black Hole's hole) and the zones of each square.
 */
export function geometry(variant) {
  const squares = new Map();
  for (const sq of variant.squares || []) squares.set(sq.name, sq);
  const at = new Set([...squares.values()].map((s) => `${s.file},${s.rank}`));
  const holes = [];
  for (let f = 0; f < variant.files; f++) {
    for (let r = 0; r < variant.ranks; r++) {
      if (at.has(`${f},${r}`)) continue;
      const row = [...squares.values()].filter((s) => s.rank === r);
      const col = [...squares.values()].filter((s) => s.file === f);
      const inside =
        row.some((s) => s.file < f) && row.some((s) => s.file > f) &&
        col.some((s) => s.rank < r) && col.some((s) => s.rank > r);
      const name = `${(variant.fileNames || [])[f] || ""}${(variant.rankNames || [])[r] || ""}`;
      if (inside) holes.push({ file: f, rank: r, name });
    }
  }
  const zones = new Map();
  for (const zone of variant.zones || []) {
    for (const name of zone.squares || []) {
      if (!zones.has(name)) zones.set(name, []);
      zones.get(name).push(zone.name);
    }
  }
  return { squares, holes, zones };
}

/** The top-left corner of a cell in user units. */
function cellXY(variant, flipped, file, rank) {
  const x = (flipped ? variant.files - 1 - file : file) * UNIT;
  const y = (flipped ? rank : variant.ranks - 1 - rank) * UNIT;
  return [x, y];
}

/** The centre of a named square, or null. */
export function centre(variant, geo, flipped, name) {
  const sq = geo.squares.get(name);
  if (!sq) return null;
  const [x, y] = cellXY(variant, flipped, sq.file, sq.rank);
  return [x + UNIT / 2, y + UNIT / 2];
}

function ensureDefs(svg) {
  const defs = svgEl("defs", {}, svg);
  const check = svgEl("radialGradient", { id: `${svg.id || "b"}-check` }, defs);
  svgEl("stop", { offset: "0%", "stop-color": "#ff0000", "stop-opacity": "1" }, check);
  svgEl("stop", { offset: "25%", "stop-color": "#e70000", "stop-opacity": "1" }, check);
  svgEl("stop", { offset: "90%", "stop-color": "#a90000", "stop-opacity": "0" }, check);
  const hole = svgEl("radialGradient", { id: `${svg.id || "b"}-hole` }, defs);
  svgEl("stop", { offset: "0%", "stop-color": "#000" }, hole);
  svgEl("stop", { offset: "55%", "stop-color": "#120a24" }, hole);
  svgEl("stop", { offset: "85%", "stop-color": "#4b2d7a" }, hole);
  svgEl("stop", { offset: "100%", "stop-color": "#4b2d7a", "stop-opacity": "0" }, hole);
}

/**
 * Draws the whole board into svg (all children replaced). model:
 *   variant, flipped, coords (bool), board {sq: letter}, pieceNames {letter: name},
 *   last [from, to], check [sq], picked sq, targets [{square, capture}],
 *   trampolines {white, black}, paths [[sq...]], arrow {from, to}, dim [sq] (pieces drawn faint),
 *   marks [{square, kind}] (legend: "move", "victim", "landing"), idPrefix.
 */
export function drawBoard(svg, model) {
  const v = model.variant;
  const geo = model.geo || geometry(v);
  const flipped = !!model.flipped;
  const margin = model.coords ? MARGIN : 0;
  const width = v.files * UNIT;
  const height = v.ranks * UNIT;
  svg.replaceChildren();
  svg.setAttribute("viewBox", `${-margin} 0 ${width + margin} ${height + margin}`);
  ensureDefs(svg);
  const gradient = (name) => `url(#${svg.id || "b"}-${name})`;

  const squaresLayer = svgEl("g", { class: "squares" }, svg);
  const last = new Set((model.last || []).filter(Boolean));
  const check = new Set(model.check || []);
  const targets = new Map((model.targets || []).map((t) => [t.square, t]));
  for (const sq of geo.squares.values()) {
    const [x, y] = cellXY(v, flipped, sq.file, sq.rank);
    const classes = ["sq", sq.light ? "light" : "dark"];
    for (const z of geo.zones.get(sq.name) || []) classes.push(`zone-${z}`);
    if (last.has(sq.name)) classes.push("last");
    if (check.has(sq.name)) classes.push("check");
    if (model.picked === sq.name) classes.push("picked");
    if (targets.has(sq.name)) classes.push("target");
    svgEl("rect", { x, y, width: UNIT, height: UNIT, class: classes.join(" "), "data-square": sq.name }, squaresLayer);
  }

  for (const h of geo.holes) {
    // a cell inside the board that is no square (Black Hole's hole): clickable, so that a
    // click there is answered rather than lost
    const [x, y] = cellXY(v, flipped, h.file, h.rank);
    svgEl("rect", { x, y, width: UNIT, height: UNIT, class: "hole-cell", "data-hole": h.name }, squaresLayer);
  }

  const marks = svgEl("g", { class: "marks" }, svg);
  for (const h of geo.holes) {
    const [x, y] = cellXY(v, flipped, h.file, h.rank);
    svgEl("circle", { cx: x + UNIT / 2, cy: y + UNIT / 2, r: UNIT * 0.48, fill: gradient("hole"), class: "hole" }, marks);
  }
  for (const name of check) {
    const c = centre(v, geo, flipped, name);
    if (c) svgEl("circle", { cx: c[0], cy: c[1], r: UNIT * 0.5, fill: gradient("check"), class: "check-glow" }, marks);
  }

  if (model.coords) drawCoordinates(svg, v, geo, flipped);

  const tramps = svgEl("g", { class: "trampolines" }, svg);
  for (const colour of ["white", "black"]) {
    const on = model.trampolines && model.trampolines[colour];
    const c = on && centre(v, geo, flipped, on);
    if (!c) continue;
    const g = svgEl("g", { "data-trampoline": colour, "data-on": on, class: `trampoline trampoline-${colour}` }, tramps);
    svgEl("use", { href: `#tramp-${colour}`, x: c[0] - UNIT / 2, y: c[1] - UNIT / 2, width: UNIT, height: UNIT }, g);
  }

  const pieces = svgEl("g", { class: "pieces" }, svg);
  const dim = new Set(model.dim || []);
  for (const [name, letter] of Object.entries(model.board || {})) {
    const c = centre(v, geo, flipped, name);
    if (!c) continue;
    const g = svgEl("g", { "data-piece": letter, "data-on": name, class: dim.has(name) ? "piece dim" : "piece" }, pieces);
    svgEl("use", { href: `#${symbolId(letter, model.pieceNames)}`, x: c[0] - UNIT / 2, y: c[1] - UNIT / 2, width: UNIT, height: UNIT }, g);
  }

  const hints = svgEl("g", { class: "hints" }, svg);
  for (const t of targets.values()) {
    const c = centre(v, geo, flipped, t.square);
    if (!c) continue;
    if (t.capture) {
      svgEl("circle", { cx: c[0], cy: c[1], r: UNIT * 0.44, class: "hint-ring" }, hints);
    } else {
      svgEl("circle", { cx: c[0], cy: c[1], r: UNIT * 0.15, class: "hint-dot" }, hints);
    }
  }
  for (const m of model.marks || []) {
    const c = centre(v, geo, flipped, m.square);
    if (!c) continue;
    if (m.kind === "victim") {
      const d = UNIT * 0.22;
      svgEl("path", { d: `M${c[0] - d} ${c[1] - d} L${c[0] + d} ${c[1] + d} M${c[0] + d} ${c[1] - d} L${c[0] - d} ${c[1] + d}`, class: "mark-victim" }, hints);
    } else if (m.kind === "landing") {
      svgEl("circle", { cx: c[0], cy: c[1], r: UNIT * 0.3, class: "mark-landing" }, hints);
    } else {
      svgEl("circle", { cx: c[0], cy: c[1], r: UNIT * 0.17, class: "mark-move" }, hints);
    }
  }

  const routes = svgEl("g", { class: "routes" }, svg);
  for (const path of model.paths || []) {
    const pts = path.map((s) => centre(v, geo, flipped, s)).filter(Boolean);
    if (pts.length < 2) continue;
    svgEl("polyline", { points: pts.map((p) => p.join(",")).join(" "), class: "path" }, routes);
    for (const p of pts.slice(1, -1)) svgEl("circle", { cx: p[0], cy: p[1], r: UNIT * 0.12, class: "path-bounce" }, routes);
  }
  if (model.arrow) drawArrow(routes, v, geo, flipped, model.arrow);
  return geo;
}

function drawCoordinates(svg, v, geo, flipped) {
  const layer = svgEl("g", { class: "coords" }, svg);
  const height = v.ranks * UNIT;
  for (let f = 0; f < v.files; f++) {
    const [x] = cellXY(v, flipped, f, 0);
    const t = svgEl("text", { x: x + UNIT / 2, y: height + MARGIN * 0.78, "text-anchor": "middle" }, layer);
    t.textContent = (v.fileNames || [])[f] || "";
  }
  for (let r = 0; r < v.ranks; r++) {
    const [, y] = cellXY(v, flipped, 0, r);
    const t = svgEl("text", { x: -MARGIN / 2, y: y + UNIT / 2 + 9, "text-anchor": "middle" }, layer);
    t.textContent = (v.rankNames || [])[r] || "";
  }
}

function drawArrow(layer, v, geo, flipped, arrow) {
  const to = centre(v, geo, flipped, arrow.to);
  if (!to) return;
  let from = arrow.from ? centre(v, geo, flipped, arrow.from) : null;
  const g = svgEl("g", { class: "arrow" }, layer);
  // a move that bounces or hops (arrow.path: from, the squares on the way, to) follows its
  // route, so that a Hop Chess knight's f3-d4-f5 does not read as a straight f3-f5
  const route = (arrow.path || []).map((s) => centre(v, geo, flipped, s)).filter(Boolean);
  if (from && route.length > 2) {
    const shaft = route.slice(0, -1).map((p) => p.map((n) => n.toFixed(1)).join(",")).join(" ");
    svgEl("polyline", { points: shaft, class: "arrow-route" }, g);
    from = route[route.length - 2];
  }
  if (!from) {
    svgEl("circle", { cx: to[0], cy: to[1], r: UNIT * 0.4, class: "arrow-ring" }, g);
    return;
  }
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const head = UNIT * 0.42;
  const half = UNIT * 0.26;
  const shaft = UNIT * 0.1;
  const bx = to[0] - ux * head;
  const by = to[1] - uy * head;
  const sx = from[0] + ux * UNIT * 0.2;
  const sy = from[1] + uy * UNIT * 0.2;
  const px = -uy;
  const py = ux;
  const pts = [
    [sx + px * shaft, sy + py * shaft],
    [bx + px * shaft, by + py * shaft],
    [bx + px * half, by + py * half],
    [to[0], to[1]],
    [bx - px * half, by - py * half],
    [bx - px * shaft, by - py * shaft],
    [sx - px * shaft, sy - py * shaft],
  ];
  svgEl("polygon", { points: pts.map((p) => p.map((n) => n.toFixed(1)).join(",")).join(" "), class: "arrow-body" }, g);
}

/** The square under a client point on the board svg, or null. */
export function squareAt(svg, clientX, clientY) {
  const el = document.elementFromPoint(clientX, clientY);
  const hit = el && el.closest && el.closest("[data-square]");
  return hit && svg.contains(hit) ? hit.getAttribute("data-square") : null;
}
