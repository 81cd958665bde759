// The browser board: game flow, input, engine replies, clocks, analysis, record and help.
// The engine is the only rules authority: every legal move, its clicks, the state and the
// result come from the server; this module only matches clicks against the listed moves.

import { post, get, ApiError } from "./api.js";
import { decide, match, passMove, commonPath, startsAMove } from "./input.js";
import { drawBoard, geometry, squareAt, svgEl, UNIT, MARGIN } from "./board.js";
import { installPieceSymbols, symbolId } from "./pieces.js";
import { renderMarkdown } from "./markdown.js";

const $ = (id) => document.getElementById(id);

// Tuned numbers of the page, one place.
const ENGINE_PAUSE_MS = 300; // pause between moves in engine-vs-engine, so a person can follow
const RETRY_MS = 1500; // wait before asking again when the server is busy (503)
const CLOCK_TICK_MS = 100; // clock display refresh
const DRAG_THRESHOLD_PX = 5; // pointer travel that turns a press into a drag
const EVAL_SCALE_CP = 400; // centipawns at which the bar is about three quarters full
const PV_SHOWN = 14; // plies of a principal variation shown

// Messages about waiting for the engine: its move makes them untrue, so it clears them.
const ENGINE_THINKING = "The engine is thinking.";
const ENGINE_TURN = "It is the engine's turn.";
const RETRYING = "Trying again…";

const app = {
  variants: [],
  byName: new Map(),
  variant: null,
  geo: null,
  pieceNames: {},
  startFen: "", // the game's start FEN as sent to the server ("" = the variant's fixed start)
  moves: [], // the whole game's move texts
  record: [], // Move objects of the whole game, as the server last described them
  ply: 0, // the ply on view
  state: null, // /api/state of the ply on view
  clicks: [],
  flipped: false,
  generation: 0, // bumped when the game changes, so late answers are dropped
  pending: 0, // requests in flight
  engineAbort: null,
  engineTimer: 0,
  message: "",
  clock: { on: false, white: 0, black: 0, inc: 0, running: "", since: 0, flagged: "" },
  analysis: { source: null, lines: [], running: false, done: false },
  rulesFor: "",
  suppressClick: false,
  lastHash: "",
};

window.varchess = { variant: "", fen: "", moves: [], state: null, busy: true };

function syncGlobals() {
  window.varchess.variant = app.variant ? app.variant.name : "";
  window.varchess.fen = app.startFen;
  window.varchess.moves = app.moves.slice();
  window.varchess.state = app.state;
  window.varchess.busy = app.pending > 0 || app.engineAbort !== null || app.engineTimer !== 0;
  window.varchess.ply = app.ply;
}

function begin() {
  app.pending++;
  syncGlobals();
}

function end() {
  app.pending = Math.max(0, app.pending - 1);
  syncGlobals();
}

function game(upTo = app.ply) {
  return { variant: app.variant.name, fen: app.startFen, moves: app.moves.slice(0, upTo) };
}

function setMessage(text) {
  app.message = text || "";
  $("message").textContent = app.message;
}

function mode() {
  return $("mode").value;
}

function atEnd() {
  return app.ply === app.moves.length;
}

function over() {
  return !!(app.state && app.state.outcome && app.state.outcome.over) || !!app.clock.flagged;
}

/** True when the side to move is played by the engine in the chosen mode. */
function engineToMove() {
  if (!app.state) return false;
  const m = mode();
  if (m === "engines") return true;
  if (m === "white") return app.state.side === "black";
  if (m === "black") return app.state.side === "white";
  return false;
}

// ---------------------------------------------------------------- loading and new games

async function init() {
  installPieceSymbols();
  buildSideElements();
  bindControls();
  begin();
  try {
    app.variants = await get("/api/variants");
  } catch (err) {
    setMessage(err.message);
    end();
    return;
  }
  end();
  for (const v of app.variants) {
    app.byName.set(v.name, v);
    const opt = document.createElement("option");
    opt.value = v.name;
    opt.textContent = v.title || v.name;
    $("variant").append(opt);
  }
  if (!(await loadFromHash())) {
    await newGame(app.variants[0].name);
  }
  setInterval(tickClocks, CLOCK_TICK_MS);
}

function selectVariant(name) {
  const v = app.byName.get(name);
  if (!v) return false;
  app.variant = v;
  app.geo = geometry(v);
  app.pieceNames = Object.fromEntries((v.pieces || []).map((p) => [p.letter.toUpperCase(), p.name]));
  $("variant").value = v.name;
  document.body.dataset.variant = v.name;
  document.title = `${v.title || v.name} · varchess`;
  sizeBoard();
  if (app.rulesFor !== v.name) showHelp(v);
  return true;
}

/** Fits the board column to the window: as wide as the window's height allows for its shape. */
function sizeBoard() {
  const v = app.variant;
  if (!v) return;
  const ratio = (v.files * UNIT + MARGIN) / (v.ranks * UNIT + MARGIN);
  // the bars, the hands above and below, and under the board the status line plus a line of
  // note and one of message, so that the reason for a refused click is seen without scrolling
  const extra = v.hands ? 390 : 270;
  const column = document.querySelector(".board-column");
  column.style.width = `min(calc(100vw - 32px), calc((100vh - ${extra}px) * ${ratio.toFixed(3)} + 20px), 820px)`;
  column.style.minWidth = "min(320px, calc(100vw - 32px))";
}

/**
 * Stops whatever works on the old game: the engine's search, the pause, the selection.
 * Returns true when it also dropped the answer for the position on view (a state request
 * in flight): a caller that does not load a position itself must then ask again, or the
 * board would wait for that answer for ever.
 */
function dropPending() {
  const stale = !!app.loading;
  app.generation++;
  if (app.engineAbort) app.engineAbort.abort();
  app.engineAbort = null;
  clearTimeout(app.engineTimer);
  app.engineTimer = 0;
  app.clicks = [];
  hideChooser();
  return stale;
}

async function newGame(name = $("variant").value) {
  dropPending();
  if (!selectVariant(name)) return;
  setMessage("");
  app.engineInfo = null;
  app.startFen = "";
  app.moves = [];
  app.record = [];
  app.ply = 0;
  app.flipped = mode() === "black";
  resetClocks();
  if (app.variant.randomStart) {
    const gen = app.generation;
    begin();
    try {
      const start = await post("/api/start", { variant: app.variant.name, seed: 0 });
      if (gen !== app.generation) return;
      app.startFen = start.fen || "";
    } catch (err) {
      setMessage(err.message);
    } finally {
      end();
    }
  }
  await refresh();
}

/** Loads a game from the location hash; false when the hash names none. */
async function loadFromHash() {
  const hash = location.hash.replace(/^#/, "");
  if (!hash) return false;
  const params = new URLSearchParams(hash);
  const name = params.get("variant");
  if (!name || !app.byName.has(name)) return false;
  const fen = params.get("fen") || "";
  const moves = (params.get("moves") || "").split(/[\s+]+/).filter(Boolean);
  if (!fen && moves.length === 0 && app.byName.get(name).randomStart) {
    // a game that starts from a drawn array (Bunker): a link without a position is a new game
    await newGame(name);
    return true;
  }
  await loadGame({ variant: name, fen, moves });
  return true;
}

/** Shows a whole game (from the hash, a PGN or a FEN), on its last ply. */
async function loadGame(g) {
  dropPending();
  if (!selectVariant(g.variant)) {
    setMessage(`Unknown game: ${g.variant}.`);
    return;
  }
  setMessage("");
  app.engineInfo = null;
  app.startFen = g.fen || "";
  app.moves = (g.moves || []).slice();
  app.record = [];
  app.ply = app.moves.length;
  app.flipped = mode() === "black";
  resetClocks();
  await refresh();
}

// ---------------------------------------------------------------- the position on view

/** Asks the state of the ply on view, draws it, and lets the engine or the analysis go on. */
async function refresh() {
  const gen = app.generation;
  begin();
  app.loading = true; // the state on view is stale until the answer: clicks wait
  let state;
  try {
    state = await post("/api/state", game());
  } catch (err) {
    end();
    if (gen === app.generation) app.loading = false;
    if (gen !== app.generation) return;
    if (err instanceof ApiError && Number.isInteger(err.index) && err.index < app.ply) {
      // a bad move in the list (a shared link, an import): keep the moves before it
      setMessage(`Move ${err.index + 1} (${app.moves[err.index]}): ${err.message}`);
      app.moves = app.moves.slice(0, err.index);
      app.ply = Math.min(app.ply, app.moves.length);
      await refresh();
      return;
    }
    if (err instanceof ApiError && app.startFen && app.moves.length === 0) {
      // a bad start position: back to the variant's own start
      $("fen-error").textContent = err.message;
      app.startFen = "";
      if (!app.variant.randomStart) await refresh();
      return;
    }
    setMessage(err.message);
    render();
    return;
  }
  end();
  if (gen !== app.generation) return;
  app.loading = false;
  showState(state);
}

function showState(state) {
  app.state = state;
  app.clicks = [];
  if (state.history && state.history.length === app.moves.length) {
    app.record = state.history.slice();
  } else if (app.record.length !== app.moves.length) {
    app.record = (state.history || []).slice();
  }
  if (atEnd()) runClock();
  render();
  updateHash();
  if (!app.analysis.running && app.analysis.lines.length) {
    // lines of a stopped analysis describe another position: not this one
    app.analysis.lines = [];
    renderAnalysis();
  }
  afterPosition();
}

/** After a new position: the engine's turn, the analysis restart. */
function afterPosition() {
  if (app.analysis.running) startAnalysis();
  if (atEnd() && !over() && engineToMove() && !app.engineAbort && !app.engineTimer) {
    const delay = mode() === "engines" && app.moves.length > 0 ? ENGINE_PAUSE_MS : 0;
    const gen = app.generation;
    app.engineTimer = setTimeout(() => {
      app.engineTimer = 0;
      if (gen === app.generation) engineMove();
      syncGlobals();
    }, delay);
    syncGlobals();
    render();
  }
}

// ---------------------------------------------------------------- moves

async function playMove(move) {
  hideChooser();
  if (!atEnd()) {
    // a move from an earlier ply starts a new line from there
    app.moves = app.moves.slice(0, app.ply);
    app.record = app.record.slice(0, app.ply);
  }
  dropPending();
  setMessage("");
  const mover = app.state.side;
  app.moves.push(move.text);
  app.record.push(move);
  app.ply = app.moves.length;
  addIncrement(mover);
  await refresh();
}

function levelLimit() {
  if (app.clock.on) {
    return {
      wtime: Math.max(1, Math.round(app.clock.white)),
      btime: Math.max(1, Math.round(app.clock.black)),
      winc: app.clock.inc,
      binc: app.clock.inc,
    };
  }
  const [kind, value] = $("level").value.split(":");
  if (kind === "elo") {
    // a level for people: the engine weakens itself (a node budget and a seeded choice
    // among its best moves); a second bounds its think time on a slow machine
    return { elo: Number(value), movetime: 1000 };
  }
  return kind === "depth" ? { depth: Number(value) } : { movetime: Number(value) };
}

async function engineMove() {
  const gen = app.generation;
  const controller = new AbortController();
  app.engineAbort = controller;
  syncGlobals();
  render();
  let answer;
  try {
    answer = await post("/api/move", { ...game(), ...levelLimit() }, controller.signal);
  } catch (err) {
    if (app.engineAbort === controller) app.engineAbort = null;
    syncGlobals();
    if (gen !== app.generation || err.name === "AbortError") return;
    if (err instanceof ApiError && err.status === 503) {
      setMessage(`${err.message} ${RETRYING}`);
      app.engineTimer = setTimeout(() => {
        app.engineTimer = 0;
        if (gen === app.generation) engineMove();
      }, Math.max(RETRY_MS, err.retryAfter * 1000));
      return;
    }
    setMessage(`The engine could not move: ${err.message}`);
    render();
    return;
  }
  if (app.engineAbort === controller) app.engineAbort = null;
  if (gen !== app.generation) return;
  app.loading = false;
  const mover = app.state.side;
  app.moves.push(answer.move.text);
  app.record.push(answer.move);
  app.ply = app.moves.length;
  addIncrement(mover);
  if (app.message.endsWith(RETRYING) || app.message === ENGINE_THINKING || app.message === ENGINE_TURN) setMessage("");
  app.engineInfo = describeEngineMove(answer);
  showState(answer.state);
}

/** One line on the engine's last move: its score for White, depth and nodes. */
function describeEngineMove(answer) {
  const move = answer.move || {};
  const score = answer.mate
    ? `${answer.mate > 0 ? "White" : "Black"} mates in ${Math.abs(answer.mate)}`
    : `${formatScore({ score: answer.score })} for White`;
  const nodes = Number(answer.nodes || 0).toLocaleString("en");
  return {
    ply: app.moves.length,
    text: `Engine: ${move.san || move.text}, ${score}, depth ${answer.depth}, ${nodes} nodes`,
  };
}

function personToMove() {
  return app.state && !app.loading && !over() && !(atEnd() && engineToMove()) && !(app.engineAbort && atEnd());
}

/** One click token: a square name or "@N" for a hand piece. */
async function clickToken(token) {
  if (!app.state || !token || app.loading) return;
  if (over()) {
    setMessage("The game is over.");
    return;
  }
  if (app.engineAbort || app.engineTimer) {
    if (mode() === "engines" || atEnd()) {
      setMessage(ENGINE_THINKING);
      return;
    }
  }
  if (!personToMove()) {
    setMessage(ENGINE_TURN);
    return;
  }
  const moves = app.state.moves || [];
  const k = app.clicks.length;
  if (k > 0 && token === app.clicks[k - 1]) {
    const d = decide(moves, app.clicks);
    if (d.kind === "wait" && d.complete.length > 0) {
      applyDecision(d.complete.length === 1 ? { kind: "play", move: d.complete[0] } : { kind: "choose", moves: d.complete }, app.clicks);
      return;
    }
    if (k === 1) {
      app.clicks = [];
      render();
      return;
    }
  }
  const clicks = [...app.clicks, token];
  const d = decide(moves, clicks);
  if (d.kind !== "none") {
    applyDecision(d, clicks);
    return;
  }
  if (k > 0 && startsAMove(moves, token)) {
    // another piece of the mover: start again with it
    applyDecision(decide(moves, [token]), [token]);
    return;
  }
  await explain(clicks);
  if (k <= 1) app.clicks = [];
  render();
}

function applyDecision(d, clicks) {
  const moves = app.state.moves || [];
  for (;;) {
    if (d.kind === "forced") {
      clicks = [...clicks, d.token];
      d = decide(moves, clicks);
      continue;
    }
    break;
  }
  setMessage("");
  if (d.kind === "play") {
    app.clicks = [];
    playMove(d.move);
    return;
  }
  if (d.kind === "choose") {
    app.clicks = clicks;
    render();
    openChooser(d.moves);
    return;
  }
  app.clicks = clicks;
  render();
}

async function explain(clicks) {
  const gen = app.generation;
  begin();
  try {
    const answer = await post("/api/explain", { ...game(), clicks });
    if (gen === app.generation) setMessage(answer.reason || "That is no move.");
  } catch (err) {
    if (gen === app.generation) setMessage(err.message);
  } finally {
    end();
  }
}

// ---------------------------------------------------------------- chooser

function openChooser(moves) {
  const box = $("chooser-buttons");
  box.replaceChildren();
  for (const move of moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "choice";
    b.dataset.move = move.text;
    b.title = move.text;
    if (move.piece) {
      const icon = svgEl("svg", { viewBox: "0 0 100 100", class: "choice-icon", "aria-hidden": "true" }, b);
      svgEl("use", { href: `#${symbolId(move.piece, app.pieceNames)}`, width: 100, height: 100 }, icon);
    }
    const label = document.createElement("span");
    label.textContent = move.label || move.san || move.text;
    b.append(label);
    b.addEventListener("click", () => {
      app.clicks = [];
      playMove(move);
    });
    box.append(b);
  }
  $("chooser").hidden = false;
  renderStatus();
  const first = box.querySelector("button");
  if (first) first.focus();
}

function hideChooser() {
  $("chooser").hidden = true;
  $("chooser-buttons").replaceChildren();
}

// ---------------------------------------------------------------- drawing

function lastMoveOnView() {
  if (app.ply === 0) return null;
  const fromState = app.state && app.state.history && app.state.history[app.ply - 1];
  return fromState || app.record[app.ply - 1] || null;
}

function render() {
  const s = app.state;
  if (!app.variant) return;
  const moves = (s && s.moves) || [];
  const rawBoard = (s && s.board) || {};
  const m = match(moves, app.clicks);
  const showTargets = app.clicks.length > 0;
  const board = previewBoard(rawBoard, m.candidates);
  const targets = showTargets
    ? m.next.filter((t) => !t.startsWith("@")).map((t) => ({ square: t, capture: !!board[t] || onTrampoline(s, t) }))
    : [];
  const last = lastMoveOnView();
  const paths = [];
  const candidatePath = showTargets ? commonPath(m.candidates) : null;
  if (candidatePath) paths.push(candidatePath);
  else if (last && last.path && last.path.length > 1) paths.push(last.path);
  const picked = app.clicks.length && !app.clicks[0].startsWith("@") ? app.clicks[0] : null;
  const arrow = bestMoveArrow();
  app.arrowKey = JSON.stringify(arrow);
  drawBoard($("board"), {
    variant: app.variant,
    geo: app.geo,
    flipped: app.flipped,
    coords: true,
    board,
    pieceNames: app.pieceNames,
    last: last ? [last.from, last.to, placedTrampoline(s, last)] : [],
    check: (s && s.check) || [],
    picked,
    targets,
    trampolines: (s && s.trampolines) || null,
    paths,
    arrow,
    dim: [...(app.drag && app.drag.active && app.drag.square ? [app.drag.square] : []), ...jumpedVictims(m.candidates)],
  });
  if (app.placedFlipped !== app.flipped) placeSideElements();
  renderHands(m, showTargets);
  renderStatus();
  renderMoves();
  renderClocks();
  if (document.activeElement !== $("fen")) $("fen").value = (s && s.fen) || "";
  syncGlobals();
}

/**
 * The square of the trampoline the last move placed (Hop Chess: a turn ends by putting the
 * mover's trampoline somewhere, and nothing else shows where), or "".
 */
function placedTrampoline(s, last) {
  if (!s || !s.trampolines || !last || !String(last.text || "").includes(",")) return "";
  const mover = s.side === "white" ? "black" : "white";
  return s.trampolines[mover] || "";
}

/**
 * The pieces the move being entered certainly removes, once a piece and its victim have been
 * clicked (a Jumping Knights capture waiting for its landing): drawn faint, so that the
 * victim clicked is seen to be taken. Squares every candidate captures, from the server.
 */
function jumpedVictims(candidates) {
  if (app.clicks.length < 2 || !candidates.length) return [];
  const first = candidates[0].captured || [];
  // a victim the mover lands on (a plain capture) is drawn over by the preview: not that one
  return first.filter(
    (sq) => app.clicks.includes(sq) && candidates.every((c) => (c.captured || []).includes(sq) && c.to !== sq),
  );
}

/** True when a trampoline stands on square (a target there is ringed, as a dot would hide). */
function onTrampoline(s, square) {
  const t = s && s.trampolines;
  return !!t && (t.white === square || t.black === square);
}

/**
 * The board with the part of the move already entered shown: when every candidate moves the
 * same piece from the same square to the same square (a Hop Chess piece move waiting for its
 * trampoline, a jump waiting for its choice), the piece is drawn where it goes. The squares
 * come from the server's moves; the page only moves the picture.
 */
function previewBoard(board, candidates) {
  if (app.clicks.length < 2 || candidates.length === 0) return board;
  const first = candidates[0];
  const same = (key) => candidates.every((c) => JSON.stringify(c[key] || null) === JSON.stringify(first[key] || null));
  if (!first.to || !same("from") || !same("to")) return board;
  const shown = { ...board };
  if (same("captured")) for (const sq of first.captured || []) delete shown[sq];
  let letter = first.from ? board[first.from] : null;
  if (!first.from && app.clicks[0].startsWith("@")) {
    const l = app.clicks[0].slice(1);
    letter = app.state.side === "white" ? l.toUpperCase() : l.toLowerCase();
  }
  if (!letter) return board;
  if (first.from) delete shown[first.from];
  shown[first.to] = letter;
  return shown;
}

function renderStatus() {
  const s = app.state;
  let status = s ? s.status : "Loading…";
  if ((app.engineAbort || app.engineTimer) && atEnd()) status = "engine thinking…";
  else if (s && !atEnd()) status = `Move ${app.ply} of ${app.moves.length} on view · ${s.status}`;
  $("status").textContent = status;
  $("note").textContent = (s && s.note) || "";
  $("engine-info").textContent = atEnd() && app.engineInfo && app.engineInfo.ply === app.moves.length ? app.engineInfo.text : "";
  $("hint").textContent = app.clicks.length >= 2 && $("chooser").hidden ? stepHint() : "";
  let result = "";
  if (app.clock.flagged) {
    result = app.clock.flagged;
  } else if (s && s.outcome && s.outcome.over) {
    result = `${s.outcome.result} ${s.outcome.reason}`.trim();
  }
  $("result").textContent = result;
  const pass = s && personToMove() ? passMove(s.moves) : null;
  $("pass").hidden = !pass;
  $("pass").title = (s && s.note) || "Pass";
  $("takeback").disabled = app.moves.length === 0;
  const thinking = !!(app.engineAbort || app.engineTimer) && atEnd();
  document.body.classList.toggle("thinking", thinking);
}

/**
 * What the next click does, once a move has begun and goes on: the trampoline placement
 * after a Hop Chess piece move, the landing after a Jumping Knights victim, else in general.
 * It reads only the candidates' squares, never a rule.
 */
function stepHint() {
  const s = app.state;
  const { candidates } = match(s.moves || [], app.clicks);
  const first = candidates[0];
  const lastClick = app.clicks[app.clicks.length - 1];
  const again = " (Esc starts again)";
  if (!first) return "";
  const same = (key) => candidates.every((c) => c[key] === first[key]);
  if (app.variant.trampolines && first.to === lastClick && same("from") && same("to")) {
    const own = s.trampolines && s.trampolines[s.side];
    return own
      ? `Now place your trampoline: click a marked square, or the trampoline on ${own} to leave it where it is${again}.`
      : `Now place your trampoline: click any marked square${again}.`;
  }
  if (candidates.every((c) => (c.captured || []).includes(lastClick) && c.to !== lastClick)) {
    return `Now click where the piece lands, beyond the piece it jumps${again}.`;
  }
  return `The move goes on: click one of the marked squares to finish it${again}.`;
}

function renderHands(m, showTargets) {
  const s = app.state;
  const nextTokens = new Set(showTargets ? m.next : []);
  for (const colour of ["white", "black"]) {
    const el = $(`hand-${colour}`);
    el.replaceChildren();
    const hand = (s && s.hands && s.hands[colour]) || null;
    el.hidden = !app.variant.hands;
    if (!hand) continue;
    for (const [letter, count] of handOrder(hand)) {
      if (!count) continue;
      const fen = colour === "white" ? letter.toUpperCase() : letter.toLowerCase();
      const token = `@${letter.toUpperCase()}`;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "hand-piece";
      b.dataset.handPiece = letter;
      b.dataset.count = String(count);
      b.dataset.colour = colour;
      b.title = `${app.pieceNames[letter.toUpperCase()] || letter} ×${count}`;
      if (app.clicks[0] === token && s.side === colour) b.classList.add("picked");
      if (nextTokens.has(token) && s.side === colour) b.classList.add("target");
      const icon = svgEl("svg", { viewBox: "0 0 100 100", "aria-hidden": "true" }, b);
      svgEl("use", { href: `#${symbolId(fen, app.pieceNames)}`, width: 100, height: 100 }, icon);
      const n = document.createElement("span");
      n.className = "count";
      n.textContent = String(count);
      b.append(n);
      b.addEventListener("click", () => {
        if (app.suppressClick) return;
        if (!app.state || app.state.side !== colour) {
          setMessage("Those pieces belong to the side not on move.");
          return;
        }
        clickToken(token);
      });
      b.addEventListener("pointerdown", (e) => startPress(e, token, fen));
      el.append(b);
    }
  }
}

/**
 * The pieces of a hand in the order a player reads an army, the strongest first (K Q R B N P):
 * the reverse of the variant's piece list, which runs from the pawn up. The server's hand is
 * an object whose keys come in letter order (B N P R), which reads as noise.
 */
function handOrder(hand) {
  const letters = (app.variant.pieces || []).map((p) => p.letter.toUpperCase()).reverse();
  const rank = (l) => {
    const i = letters.indexOf(l.toUpperCase());
    return i < 0 ? letters.length : i;
  };
  return Object.entries(hand).sort((a, b) => rank(a[0]) - rank(b[0]));
}

function placeSideElements() {
  const top = app.flipped ? "white" : "black";
  const bottom = app.flipped ? "black" : "white";
  // append moves an element, so the four stay in the document whichever way round
  $("hand-top").append($(`hand-${top}`));
  $("clock-top").append($(`clock-${top}`));
  $("hand-bottom").append($(`hand-${bottom}`));
  $("clock-bottom").append($(`clock-${bottom}`));
  app.placedFlipped = app.flipped;
}

function buildSideElements() {
  const store = document.createDocumentFragment();
  for (const colour of ["white", "black"]) {
    const hand = document.createElement("div");
    hand.id = `hand-${colour}`;
    hand.className = `hand-pieces hand-${colour}`;
    const clock = document.createElement("div");
    clock.id = `clock-${colour}`;
    clock.className = `clock-face clock-${colour}`;
    store.append(hand, clock);
  }
  document.body.append(store);
  app.flipped = false;
  placeSideElements();
}

function plyLabel(i) {
  const mv = app.record[i];
  if (mv && mv.text === app.moves[i]) return mv.san || mv.text;
  return app.moves[i];
}

function startInfo() {
  const fen = (app.state && app.state.start) || app.startFen || app.variant.startFEN || "";
  const fields = fen.split(/\s+/);
  const black = fields[1] === "b";
  const number = Number(fields[5]) || 1;
  return { black, number };
}

function renderMoves() {
  const list = $("moves");
  list.replaceChildren();
  const { black, number } = startInfo();
  let row = null;
  for (let i = 0; i < app.moves.length; i++) {
    const whiteMove = black ? i % 2 === 1 : i % 2 === 0;
    if (whiteMove || row === null) {
      row = document.createElement("li");
      row.className = "move-row";
      const n = document.createElement("span");
      n.className = "move-no";
      const moveNumber = number + Math.floor((i + (black ? 1 : 0)) / 2);
      n.textContent = `${moveNumber}.`;
      row.append(n);
      if (!whiteMove) {
        const gap = document.createElement("span");
        gap.className = "ply empty";
        gap.textContent = "…";
        row.append(gap);
      }
      list.append(row);
    }
    const ply = document.createElement("button");
    ply.type = "button";
    ply.className = "ply";
    ply.dataset.ply = String(i);
    ply.textContent = plyLabel(i);
    ply.title = app.moves[i];
    if (i === app.ply - 1) ply.classList.add("current");
    ply.addEventListener("click", () => goTo(i + 1));
    row.append(ply);
  }
  // keep the current ply in sight by scrolling the list only, never the page
  const current = list.querySelector(".current");
  if (current) {
    const row = current.parentElement;
    if (row.offsetTop < list.scrollTop) list.scrollTop = row.offsetTop;
    else if (row.offsetTop + row.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = row.offsetTop + row.offsetHeight - list.clientHeight;
    }
  } else if (app.ply === 0) {
    list.scrollTop = 0;
  }
}

function goTo(ply) {
  ply = Math.max(0, Math.min(app.moves.length, ply));
  if (ply === app.ply && app.state) return;
  dropPending();
  app.ply = ply;
  if (app.clock.running) pauseClock();
  refresh();
}

async function takeBack() {
  if (app.moves.length === 0) return;
  dropPending();
  app.engineInfo = null; // it described a move that is gone
  let n = app.moves.length - 1;
  const m = mode();
  if ((m === "white" || m === "black") && n > 0) {
    // back to the person's turn: the engine's reply goes too
    const person = m;
    const { black } = startInfo();
    const sideAt = (ply) => ((ply % 2 === 0) !== black ? "white" : "black");
    if (sideAt(n) !== person) n--;
  }
  app.moves = app.moves.slice(0, n);
  app.record = app.record.slice(0, n);
  app.ply = n;
  app.clock.flagged = "";
  setMessage("");
  await refresh();
}

// ---------------------------------------------------------------- clocks

function resetClocks() {
  const value = $("clocks").value;
  const c = app.clock;
  c.flagged = "";
  c.running = "";
  if (value === "off") {
    c.on = false;
  } else {
    const [minutes, inc] = value.split("+").map(Number);
    c.on = true;
    c.white = c.black = minutes * 60000;
    c.inc = inc * 1000;
  }
  document.body.classList.toggle("clocks-on", c.on);
  renderClocks();
}

function runClock() {
  const c = app.clock;
  if (!c.on || c.flagged || over() || mode() === "analysis") {
    pauseClock();
    return;
  }
  c.running = app.state.side;
  c.since = performance.now();
}

function pauseClock() {
  settleClock();
  app.clock.running = "";
}

function settleClock() {
  const c = app.clock;
  if (!c.running) return;
  const now = performance.now();
  c[c.running] -= now - c.since;
  c.since = now;
}

function addIncrement(mover) {
  const c = app.clock;
  if (!c.on || !mover) return;
  settleClock();
  c[mover] += c.inc;
  c.running = "";
}

function tickClocks() {
  const c = app.clock;
  if (!c.on || !c.running) return;
  settleClock();
  if (c[c.running] <= 0) {
    c[c.running] = 0;
    const loser = c.running;
    c.flagged = loser === "white" ? "0-1 White's time is up" : "1-0 Black's time is up";
    c.running = "";
    if (dropPending()) refresh();
    render();
    return;
  }
  renderClocks();
}

function formatClock(ms) {
  const total = Math.max(0, ms);
  const minutes = Math.floor(total / 60000);
  const seconds = Math.floor((total % 60000) / 1000);
  const text = `${minutes}:${String(seconds).padStart(2, "0")}`;
  return total < 10000 ? `${text}.${Math.floor((total % 1000) / 100)}` : text;
}

function renderClocks() {
  const c = app.clock;
  for (const colour of ["white", "black"]) {
    const el = $(`clock-${colour}`);
    el.hidden = !c.on;
    el.textContent = c.on ? formatClock(c[colour]) : "";
    el.classList.toggle("running", c.running === colour);
    el.classList.toggle("low", c.on && c[colour] < 10000);
  }
}

// ---------------------------------------------------------------- analysis

function stopAnalysis() {
  const a = app.analysis;
  if (a.source) a.source.close();
  a.source = null;
  a.running = false;
  $("analyze").textContent = "Analyse";
  $("analyze").setAttribute("aria-pressed", "false");
  document.body.classList.remove("analysing");
  render();
}

function startAnalysis() {
  const a = app.analysis;
  if (a.source) a.source.close();
  a.lines = [];
  a.done = false;
  a.running = true;
  $("analyze").textContent = "Stop";
  $("analyze").setAttribute("aria-pressed", "true");
  document.body.classList.add("analysing");
  const params = new URLSearchParams({
    variant: app.variant.name,
    fen: app.startFen,
    moves: app.moves.slice(0, app.ply).join(" "),
    multipv: $("multipv").value,
  });
  const source = new EventSource(`/api/analyze?${params}`);
  a.source = source;
  source.addEventListener("info", (e) => {
    if (a.source !== source) return;
    let info;
    try {
      info = JSON.parse(e.data);
    } catch {
      return;
    }
    const k = Math.max(1, info.multipv || 1) - 1;
    a.lines[k] = info;
    renderAnalysis();
  });
  source.addEventListener("done", () => {
    if (a.source !== source) return;
    a.done = true;
    source.close();
    renderAnalysis();
  });
  source.addEventListener("error", (e) => {
    if (a.source !== source) return;
    if (e.data) {
      try {
        setMessage(JSON.parse(e.data).error || "The analysis stopped.");
      } catch {
        setMessage("The analysis stopped.");
      }
    } else if (!a.done) {
      setMessage(a.lines.length ? "" : "The analysis could not start.");
    }
    source.close();
    a.done = true;
    renderAnalysis();
  });
  renderAnalysis();
}

function formatScore(info) {
  if (!info) return "–";
  if (info.mate) return info.mate > 0 ? `#${info.mate}` : `#-${-info.mate}`;
  const pawns = (info.score || 0) / 100;
  return `${pawns > 0 ? "+" : ""}${pawns.toFixed(2)}`;
}

function renderAnalysis() {
  const a = app.analysis;
  const best = a.lines[0];
  $("eval-score").textContent = formatScore(best);
  $("analysis-depth").textContent = best ? String(best.depth) : "–";
  $("analysis-nps").textContent = best ? Number(best.nps || 0).toLocaleString("en") : "–";
  let whiteShare = 0.5;
  if (best) {
    if (best.mate) whiteShare = best.mate > 0 ? 1 : 0;
    else whiteShare = 0.5 + 0.5 * Math.tanh((best.score || 0) / EVAL_SCALE_CP);
  }
  $("eval-fill").style.height = `${(whiteShare * 100).toFixed(1)}%`;
  $("eval-bar").classList.toggle("flipped", app.flipped);
  $("eval-bar").dataset.score = best ? formatScore(best) : "";
  const box = $("pv-lines");
  box.replaceChildren();
  a.lines.forEach((info) => {
    if (!info) return;
    const line = document.createElement("div");
    line.className = "pv-line";
    const score = document.createElement("span");
    score.className = "pv-score";
    score.textContent = formatScore(info);
    const text = document.createElement("span");
    text.className = "pv-moves";
    const moves = info.san && info.san.length ? info.san : info.pv || [];
    text.textContent = moves.slice(0, PV_SHOWN).join(" ") + (moves.length > PV_SHOWN ? " …" : "");
    line.append(score, text);
    box.append(line);
  });
  if (a.running && a.done) {
    const d = document.createElement("div");
    d.className = "pv-done";
    d.textContent = "search finished";
    box.append(d);
  }
  const arrowKey = JSON.stringify(bestMoveArrow());
  if (arrowKey !== app.arrowKey && !(app.drag && app.drag.active)) render();
}

function bestMoveArrow() {
  const a = app.analysis;
  if (!a.running || !a.lines[0] || !app.state) return null;
  const first = (a.lines[0].pv || [])[0];
  const move = (app.state.moves || []).find((m) => m.text === first);
  if (!move) return null;
  return { from: move.from, to: move.to, path: move.path || [] };
}


// ---------------------------------------------------------------- drag and drop

function startPress(e, token, letter) {
  if (e.button !== 0 || !app.state || !personToMove()) return;
  if (!startsAMove(app.state.moves || [], token)) return;
  app.drag = { token, letter, square: token.startsWith("@") ? null : token, x: e.clientX, y: e.clientY, active: false, id: e.pointerId };
}

function onPointerMove(e) {
  const d = app.drag;
  if (!d || d.id !== e.pointerId) return;
  if (!d.active) {
    if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < DRAG_THRESHOLD_PX) return;
    d.active = true;
    if (app.clicks.length !== 1 || app.clicks[0] !== d.token) {
      hideChooser();
      app.clicks = [d.token];
    }
    const ghost = document.createElement("div");
    ghost.className = "drag-ghost";
    const svg = svgEl("svg", { viewBox: "0 0 100 100" }, ghost);
    svgEl("use", { href: `#${symbolId(d.letter, app.pieceNames)}`, width: 100, height: 100 }, svg);
    const rect = $("board").getBoundingClientRect();
    const box = $("board").viewBox.baseVal;
    const size = (rect.width / box.width) * UNIT;
    ghost.style.width = `${size}px`;
    ghost.style.height = `${size}px`;
    d.size = size;
    d.ghost = ghost;
    document.body.append(ghost);
    render();
  }
  d.ghost.style.left = `${e.clientX - d.size / 2}px`;
  d.ghost.style.top = `${e.clientY - d.size / 2}px`;
  e.preventDefault();
}

function onPointerUp(e) {
  const d = app.drag;
  if (!d || d.id !== e.pointerId) return;
  app.drag = null;
  if (!d.active) return;
  d.ghost.remove();
  app.suppressClick = true;
  setTimeout(() => {
    app.suppressClick = false;
  }, 0);
  const to = squareAt($("board"), e.clientX, e.clientY);
  if (!to || to === d.square) {
    render();
    return;
  }
  clickToken(to);
}

// ---------------------------------------------------------------- record: FEN, PGN, share

async function setFen() {
  const fen = $("fen").value.trim();
  $("fen-error").textContent = "";
  const gen = ++app.generation;
  begin();
  try {
    await post("/api/state", { variant: app.variant.name, fen, moves: [] });
  } catch (err) {
    end();
    if (gen === app.generation) $("fen-error").textContent = err.message;
    return;
  }
  end();
  await loadGame({ variant: app.variant.name, fen, moves: [] });
}

function playerNames() {
  const m = mode();
  const person = "Person";
  const engine = "varchess";
  return {
    white: m === "engines" || m === "black" ? engine : person,
    black: m === "engines" || m === "white" ? engine : person,
  };
}

async function exportPgn() {
  begin();
  try {
    const answer = await post("/api/pgn", { ...game(app.moves.length), ...playerNames() });
    $("pgn").value = answer.pgn;
    setMessage("");
  } catch (err) {
    setMessage(err.message);
  } finally {
    end();
  }
}

async function importPgn() {
  begin();
  let g;
  try {
    g = await post("/api/pgn/import", { pgn: $("pgn").value });
  } catch (err) {
    end();
    setMessage(err.message);
    return;
  }
  end();
  if (mode() !== "analysis" && mode() !== "two") $("mode").value = "analysis";
  await loadGame(g);
}

function shareURL() {
  const params = new URLSearchParams();
  params.set("variant", app.variant.name);
  if (app.startFen) params.set("fen", app.startFen);
  if (app.moves.length) params.set("moves", app.moves.join(" "));
  const hash = params.toString().replace(/\+/g, "%20");
  return { hash, url: `${location.origin}${location.pathname}#${hash}` };
}

function updateHash() {
  const { hash, url } = shareURL();
  $("share").value = url;
  if (app.lastHash !== hash) {
    app.lastHash = hash;
    history.replaceState(null, "", `#${hash}`);
  }
}

// ---------------------------------------------------------------- help

async function showHelp(v) {
  app.rulesFor = v.name;
  renderLegend(v);
  $("rules").textContent = "Loading the rules…";
  try {
    const text = await get(`/api/rules/${encodeURIComponent(v.name)}`);
    if (app.rulesFor !== v.name) return;
    $("rules").innerHTML = renderMarkdown(typeof text === "string" ? text : JSON.stringify(text));
  } catch (err) {
    if (app.rulesFor === v.name) $("rules").textContent = `No rules to show: ${err.message}`;
  }
}

function renderLegend(v) {
  const box = $("legend");
  box.replaceChildren();
  const geo = geometry(v);
  for (const zone of v.zones || []) {
    const key = document.createElement("div");
    key.className = "zone-key";
    const swatch = document.createElement("span");
    swatch.className = `swatch zone-swatch-${zone.name}`;
    const label = document.createElement("span");
    label.textContent = zone.label || zone.name;
    key.append(swatch, label);
    box.append(key);
  }
  if (v.trampolines) {
    // which trampoline is whose: the board draws them in two colours, nowhere named
    const tramps = document.createElement("div");
    tramps.className = "legend-key trampoline-key";
    for (const [colour, text] of [["white", "White's trampoline"], ["black", "Black's trampoline"]]) {
      const item = document.createElement("span");
      item.className = "key-item";
      item.dataset.trampoline = colour;
      const icon = svgEl("svg", { viewBox: "0 0 100 100", class: "key-trampoline", "aria-hidden": "true" }, item);
      svgEl("use", { href: `#tramp-${colour}`, width: 100, height: 100 }, icon);
      item.append(document.createTextNode(text));
      tramps.append(item);
    }
    box.append(tramps);
  }
  const key = document.createElement("div");
  key.className = "legend-key";
  const anyCapture = (v.legend || []).some((e) => (e.captures || []).length);
  key.append(keyItem("key-move", "a move"));
  if (anyCapture) {
    key.append(keyItem("key-victim", "an enemy piece it jumps (one example in each direction)"), keyItem("key-landing", "where it may land after jumping it"));
  }
  box.append(key);
  const names = Object.fromEntries((v.pieces || []).map((p) => [p.letter.toUpperCase(), p.name]));
  for (const entry of v.legend || []) {
    const card = document.createElement("figure");
    card.className = "legend-card";
    card.dataset.legend = entry.letter;
    const svg = svgEl("svg", { class: "legend-board", id: `legend-${entry.letter}`, role: "img", "aria-label": entry.name }, card);
    const marks = [
      ...(entry.moves || []).map((sq) => ({ square: sq, kind: "move" })),
      ...(entry.captures || []).flatMap((c) => [
        { square: c.victim, kind: "victim" },
        ...(c.landing ? [{ square: c.landing, kind: "landing" }] : []),
      ]),
    ];
    drawBoard(svg, {
      variant: v,
      geo,
      coords: false,
      board: { [entry.from]: entry.letter.toUpperCase() },
      pieceNames: names,
      picked: entry.from,
      marks,
    });
    const caption = document.createElement("figcaption");
    caption.textContent = `${entry.name} (${entry.letter.toUpperCase()})`;
    card.append(caption);
    box.append(card);
  }
  if (!(v.legend || []).length) {
    const none = document.createElement("p");
    none.textContent = "No piece legend for this game.";
    box.append(none);
  }
}

function keyItem(kind, text) {
  const item = document.createElement("span");
  item.className = "key-item";
  const mark = document.createElement("span");
  mark.className = `key-mark ${kind}`;
  item.append(mark, document.createTextNode(text));
  return item;
}

// ---------------------------------------------------------------- controls

function bindControls() {
  const board = $("board");
  board.addEventListener("click", (e) => {
    if (app.suppressClick) return;
    const hole = e.target.closest("[data-hole]");
    if (hole && app.state) {
      setMessage(`${hole.getAttribute("data-hole")} is not a square of this board: no piece goes there.`);
      return;
    }
    const hit = e.target.closest("[data-on],[data-square]");
    if (!hit) return;
    clickToken(hit.getAttribute("data-square") || hit.getAttribute("data-on"));
  });
  board.addEventListener("pointerdown", (e) => {
    const hit = e.target.closest("[data-on],[data-square]");
    if (!hit || !app.state) return;
    const sq = hit.getAttribute("data-square") || hit.getAttribute("data-on");
    const letter = app.state.board && app.state.board[sq];
    if (letter) startPress(e, sq, letter);
  });
  window.addEventListener("pointermove", onPointerMove, { passive: false });
  window.addEventListener("pointerup", onPointerUp);
  window.addEventListener("pointercancel", () => {
    if (app.drag && app.drag.ghost) app.drag.ghost.remove();
    app.drag = null;
    render();
  });
  $("variant").addEventListener("change", () => newGame($("variant").value));
  $("new-game").addEventListener("click", () => newGame($("variant").value));
  $("mode").addEventListener("change", () => {
    // a new mode goes on from the position on view; no engine works for the old one
    const stale = dropPending();
    if (mode() === "black" && !app.flipped) app.flipped = true;
    if (mode() === "white" && app.flipped) app.flipped = false;
    placeSideElements();
    if (stale) {
      refresh(); // its answer, dropped above, is asked again; the engine goes on from there
      return;
    }
    if (atEnd()) runClock();
    render();
    afterPosition();
  });
  $("clocks").addEventListener("change", () => {
    resetClocks();
    if (app.state && atEnd()) runClock();
    render();
  });
  $("flip").addEventListener("click", () => {
    app.flipped = !app.flipped;
    placeSideElements();
    render();
    renderAnalysis();
  });
  $("pass").addEventListener("click", () => {
    const pass = app.state && passMove(app.state.moves);
    if (pass && personToMove()) playMove(pass);
  });
  $("chooser-cancel").addEventListener("click", () => {
    hideChooser();
    app.clicks = [];
    render();
  });
  $("first").addEventListener("click", () => goTo(0));
  $("back").addEventListener("click", () => goTo(app.ply - 1));
  $("forward").addEventListener("click", () => goTo(app.ply + 1));
  $("last").addEventListener("click", () => goTo(app.moves.length));
  $("takeback").addEventListener("click", takeBack);
  $("analyze").addEventListener("click", () => (app.analysis.running ? stopAnalysis() : startAnalysis()));
  $("multipv").addEventListener("change", () => {
    if (app.analysis.running) startAnalysis();
  });
  $("fen-set").addEventListener("click", setFen);
  $("fen").addEventListener("keydown", (e) => {
    if (e.key === "Enter") setFen();
  });
  $("pgn-export").addEventListener("click", exportPgn);
  $("pgn-import").addEventListener("click", importPgn);
  $("share-copy").addEventListener("click", async () => {
    $("share").select();
    try {
      await navigator.clipboard.writeText($("share").value);
      setMessage("Link copied.");
    } catch {
      setMessage("Select the link and copy it.");
    }
  });
  window.addEventListener("hashchange", () => {
    const hash = location.hash.replace(/^#/, "");
    if (hash === app.lastHash) return;
    app.lastHash = hash;
    loadFromHash();
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select")) return;
    if (e.key === "ArrowLeft") goTo(app.ply - 1);
    else if (e.key === "ArrowRight") goTo(app.ply + 1);
    else if (e.key === "Escape") {
      hideChooser();
      app.clicks = [];
      render();
    }
  });
}

init();
