// The page's input rule, the same for every game (docs/web.md): the page knows no chess rule,
// it only matches the clicks made so far against the click sequences of the legal moves that
// the server listed. Pure functions, so that they can be tested without a browser.

/** True when seq begins with the tokens of prefix. */
function startsWith(seq, prefix) {
  if (seq.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    if (seq[i] !== prefix[i]) return false;
  }
  return true;
}

/** The click sequences of a move (a pass has one empty sequence). */
function sequencesOf(move) {
  return Array.isArray(move.clicks) ? move.clicks : [];
}

/**
 * What the clicks so far mean among the legal moves.
 * Returns {candidates, complete, next} where candidates are the moves with a sequence that
 * starts with clicks, complete the candidates with a sequence exactly equal to clicks, and
 * next the distinct tokens that may follow (in the order met).
 */
export function match(moves, clicks) {
  const candidates = [];
  const complete = [];
  const next = [];
  for (const move of moves || []) {
    let isCandidate = false;
    let isComplete = false;
    for (const seq of sequencesOf(move)) {
      if (!startsWith(seq, clicks)) continue;
      isCandidate = true;
      if (seq.length === clicks.length) {
        isComplete = true;
      } else if (!next.includes(seq[clicks.length])) {
        next.push(seq[clicks.length]);
      }
    }
    if (isCandidate) candidates.push(move);
    if (isComplete) complete.push(move);
  }
  return { candidates, complete, next };
}

/**
 * Decides what the page does after the clicks: one of
 *   {kind: "none"}                      no legal move starts with these clicks
 *   {kind: "play", move}                exactly one move, complete: play it
 *   {kind: "choose", moves}             several complete moves share the clicks: ask
 *   {kind: "forced", token}             every candidate continues with one token: take it
 *   {kind: "wait", targets, complete}   several next tokens: mark them; complete lists the
 *                                       moves that would also end here (clicking the last
 *                                       token again plays them)
 * The forced step is only taken after the first click, so that picking up a piece with one
 * move does not play it at once.
 */
export function decide(moves, clicks) {
  const { candidates, complete, next } = match(moves, clicks);
  if (candidates.length === 0) return { kind: "none" };
  if (complete.length === candidates.length) {
    if (clicks.length === 0) return { kind: "wait", targets: next, complete: [] };
    if (complete.length === 1) return { kind: "play", move: complete[0] };
    return { kind: "choose", moves: complete };
  }
  if (complete.length === 0 && next.length === 1 && clicks.length >= 2) {
    return { kind: "forced", token: next[0] };
  }
  return { kind: "wait", targets: next, complete };
}

/** True when clicks could begin a move (the first token of some sequence). */
export function startsAMove(moves, token) {
  return match(moves, [token]).candidates.length > 0;
}

/** The pass move of a list (a move with an empty click sequence), or null. */
export function passMove(moves) {
  for (const move of moves || []) {
    if (sequencesOf(move).some((seq) => seq.length === 0)) return move;
  }
  return null;
}

/** The common path of the candidates, when they all share one non-empty path, else null. */
export function commonPath(candidates) {
  if (!candidates.length) return null;
  const first = candidates[0].path || [];
  if (first.length < 2) return null;
  const key = first.join(" ");
  for (const move of candidates) {
    if ((move.path || []).join(" ") !== key) return null;
  }
  return first;
}
