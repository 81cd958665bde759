// Draws every piece and trampoline on light and dark squares, for a person to look at.
import { installPieceSymbols, DRAWINGS } from "../js/pieces.js";

installPieceSymbols();
const NS = "http://www.w3.org/2000/svg";
const sheet = document.getElementById("sheet");
const ids = [];
for (const colour of ["white", "black"]) {
  for (const d of DRAWINGS) ids.push(`pc-${colour}-${d}`);
  ids.push(`tramp-${colour}`);
}
const svg = document.createElementNS(NS, "svg");
const perRow = DRAWINGS.length + 1;
svg.setAttribute("viewBox", `0 0 ${perRow * 100} 400`);
svg.setAttribute("width", String(perRow * 90));
ids.forEach((id, i) => {
  for (const shade of [0, 1]) {
    const x = (i % perRow) * 100;
    const y = Math.floor(i / perRow) * 200 + shade * 100;
    const r = document.createElementNS(NS, "rect");
    Object.entries({ x, y, width: 100, height: 100, fill: shade ? "#b58863" : "#f0d9b5" }).forEach(([k, v]) => r.setAttribute(k, v));
    svg.append(r);
    const u = document.createElementNS(NS, "use");
    u.setAttribute("href", "#" + id);
    Object.entries({ x, y, width: 100, height: 100 }).forEach(([k, v]) => u.setAttribute(k, v));
    svg.append(u);
  }
});
sheet.append(svg);
