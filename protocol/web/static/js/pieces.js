// The piece drawings: the project's own SVG, one symbol per piece type and colour, installed
// once in the document and drawn anywhere with <use href="#pc-white-king">. Each drawing lives
// in a 100x100 box with its base near y=88. Colours come from attributes, never inline styles
// (the Content-Security-Policy forbids them).

const INK = { white: "#1d1d1d", black: "#111111" };
const FILL = { white: "#fbfbf8", black: "#2e2e2e" };
const DETAIL = { white: "#1d1d1d", black: "#e8e8e8" };

// The shapes of each piece: body parts drawn with the piece's fill and outline ("p"), and
// detail lines drawn in the contrasting colour ("d", stroke only; "f", filled in the detail
// colour), "s" the Nightrider's star; an optional third field is an SVG transform.
const KNIGHT_HEAD =
  "M30 86 L72 86 C73 70 76 52 68 37 C61 24 52 19 44 18 L42 10 L35 18 L31 13 L29 23 " +
  "C23 29 18 38 15 47 C13 53 17 58 23 57 C28 55 31 52 37 52 C41 52 44 50 46 47 " +
  "C44 58 34 66 30 86 Z";

const SHAPES = {
  pawn: [
    ["p", "M34 72 C35 58 41 50 50 48 C59 50 65 58 66 72 Z"],
    ["p", "M50 19 A13 13 0 1 1 49.9 19 Z"],
    ["p", "M26 88 L26 80 C26 74 30 71 36 71 L64 71 C70 71 74 74 74 80 L74 88 Z"],
  ],
  rook: [
    ["p", "M33 72 L36 40 L64 40 L67 72 Z"],
    ["p", "M27 41 L27 18 L37 18 L37 25 L45 25 L45 18 L55 18 L55 25 L63 25 L63 18 L73 18 L73 41 Z"],
    ["p", "M22 88 L22 80 C22 75 25 72 30 72 L70 72 C75 72 78 75 78 80 L78 88 Z"],
    ["d", "M36 41 L64 41 M35 56 L65 56"],
  ],
  bishop: [
    ["p", "M34 74 C27 60 32 46 50 27 C68 46 73 60 66 74 Z"],
    ["p", "M50 13 A6.5 6.5 0 1 1 49.9 13 Z"],
    ["p", "M24 88 C24 80 30 74 40 74 L60 74 C70 74 76 80 76 88 Z"],
    ["d", "M50 42 L50 58 M42 50 L58 50 M36 67 L64 67"],
  ],
  queen: [
    ["p", "M27 74 L17 33 L34 55 L36 24 L46 53 L50 19 L54 53 L64 24 L66 55 L83 33 L73 74 Z"],
    ["p", "M17 24 A5 5 0 1 1 16.9 24 Z M36 15 A5 5 0 1 1 35.9 15 Z M50 10 A5 5 0 1 1 49.9 10 Z " +
      "M64 15 A5 5 0 1 1 63.9 15 Z M83 24 A5 5 0 1 1 82.9 24 Z"],
    ["p", "M24 88 C24 80 28 74 36 74 L64 74 C72 74 76 80 76 88 Z"],
    ["d", "M30 66 C43 62 57 62 70 66"],
  ],
  king: [
    ["p", "M29 76 C15 60 22 42 38 46 C42 38 58 38 62 46 C78 42 85 60 71 76 Z"],
    ["p", "M46 9 L54 9 L54 17 L62 17 L62 25 L54 25 L54 40 L46 40 L46 25 L38 25 L38 17 L46 17 Z"],
    ["p", "M24 88 C24 81 29 76 36 76 L64 76 C71 76 76 81 76 88 Z"],
    ["d", "M32 66 C44 61 56 61 68 66 M50 46 L50 60"],
  ],
  knight: [
    ["p", KNIGHT_HEAD],
    ["f", "M34 29 A3.5 3.5 0 1 1 33.9 29 Z"],
    ["d", "M64 30 C70 44 70 62 66 82"],
    ["p", "M24 88 L24 83 C24 81 26 80 28 80 L72 80 C74 80 76 81 76 83 L76 88 Z"],
  ],
  // the Nightrider: a knight carrying a four-pointed star (it rides knight leaps to any length)
  nightrider: [
    ["p", KNIGHT_HEAD],
    ["f", "M34 29 A3.5 3.5 0 1 1 33.9 29 Z"],
    ["p", "M24 88 L24 83 C24 81 26 80 28 80 L72 80 C74 80 76 81 76 83 L76 88 Z"],
    ["s", "M84 6 L88 18 L99 22 L88 26 L84 38 L80 26 L69 22 L80 18 Z"],
    ["d", "M52 60 L60 68 L52 76 M58 56 L66 64"],
  ],
  // the Marshall (rook + knight): a knight's head rising from a castle wall
  marshall: [
    ["p", KNIGHT_HEAD, "translate(12 1) scale(0.8)"],
    ["f", "M34 29 A3.5 3.5 0 1 1 33.9 29 Z", "translate(12 1) scale(0.8)"],
    ["d", "M64 30 C70 44 70 62 66 82", "translate(12 1) scale(0.8)"],
    ["p", "M22 88 L22 64 L31 64 L31 71 L40 71 L40 64 L60 64 L60 71 L69 71 L69 64 L78 64 L78 88 Z"],
    ["d", "M30 80 L70 80"],
  ],
  // the War Machine: a siege tower on wheels
  warmachine: [
    ["p", "M28 74 L32 34 L68 34 L72 74 Z"],
    ["p", "M26 35 L26 16 L35 16 L35 23 L45 23 L45 16 L55 16 L55 23 L65 23 L65 16 L74 16 L74 35 Z"],
    ["p", "M20 80 L20 72 L80 72 L80 80 Z"],
    ["p", "M34 80 A8 8 0 1 1 33.9 80 Z M66 80 A8 8 0 1 1 65.9 80 Z"],
    ["d", "M42 46 L58 46 L58 64 L42 64 Z M50 46 L50 64"],
    ["f", "M34 78 A2 2 0 1 1 33.9 78 Z M66 78 A2 2 0 1 1 65.9 78 Z"],
  ],
};

const STAR = { white: "#1d1d1d", black: "#f2c94c" };

/** The drawing name of a piece letter in a game, from the names of /api/variants. */
export function drawingOf(letter, pieceNames) {
  const name = (pieceNames && pieceNames[letter.toUpperCase()]) || "";
  const key = name.toLowerCase().replace(/[^a-z]/g, "");
  if (SHAPES[key]) return key;
  const byLetter = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", P: "pawn", M: "marshall", W: "warmachine" };
  return byLetter[letter.toUpperCase()] || "pawn";
}

/** The colour of a FEN letter. */
export function colourOf(letter) {
  return letter === letter.toUpperCase() ? "white" : "black";
}

/** The id of the symbol of a piece letter (upper case White) in a game. */
export function symbolId(letter, pieceNames) {
  return `pc-${colourOf(letter)}-${drawingOf(letter, pieceNames)}`;
}

function symbolMarkup(colour, shape) {
  const parts = SHAPES[shape].map(([kind, d, transform]) => {
    const t = transform ? ` transform="${transform}"` : "";
    if (kind === "p") {
      return `<path d="${d}"${t} fill="${FILL[colour]}" stroke="${INK[colour]}" stroke-width="3" stroke-linejoin="round"/>`;
    }
    if (kind === "f") return `<path d="${d}"${t} fill="${DETAIL[colour]}"/>`;
    if (kind === "s") {
      return `<path d="${d}" fill="${STAR[colour]}" stroke="${INK[colour]}" stroke-width="1.5" stroke-linejoin="round"/>`;
    }
    return `<path d="${d}"${t} fill="none" stroke="${DETAIL[colour]}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`;
  });
  return `<symbol id="pc-${colour}-${shape}" viewBox="0 0 100 100">${parts.join("")}</symbol>`;
}

// The trampolines of Hop Chess: a round bed on legs, White's light with a dark rim and
// springs, Black's dark with a red rim, so that the two never look alike.
function trampolineMarkup(colour) {
  const bed = colour === "white" ? "#eef5ff" : "#272727";
  const rim = colour === "white" ? "#1f5fbf" : "#c0392b";
  const spring = colour === "white" ? "#1f5fbf" : "#f0f0f0";
  return (
    `<symbol id="tramp-${colour}" viewBox="0 0 100 100">` +
    `<path d="M18 62 L14 86 M82 62 L86 86 M50 70 L50 88" stroke="${rim}" stroke-width="5" stroke-linecap="round"/>` +
    `<ellipse cx="50" cy="56" rx="40" ry="16" fill="${rim}"/>` +
    `<ellipse cx="50" cy="54" rx="33" ry="11" fill="${bed}"/>` +
    `<path d="M24 54 L30 49 L36 58 L42 49 L48 58 L54 49 L60 58 L66 49 L72 58 L77 54" fill="none" stroke="${spring}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `</symbol>`
  );
}

/** Installs the symbols of every drawing in the document (once). */
export function installPieceSymbols(doc = document) {
  if (doc.getElementById("piece-symbols")) return;
  const parts = [];
  for (const colour of ["white", "black"]) {
    for (const shape of Object.keys(SHAPES)) parts.push(symbolMarkup(colour, shape));
    parts.push(trampolineMarkup(colour));
  }
  const svg = doc.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("id", "piece-symbols");
  svg.setAttribute("class", "symbols");
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML = `<defs>${parts.join("")}</defs>`;
  doc.body.prepend(svg);
}

/** The names of every drawing, for the test page. */
export const DRAWINGS = Object.keys(SHAPES);
