// Package bench measures the engine and referees it.
//
// The match runner (`engine match`, Run and RunCommand) plays engine-versus-engine matches
// in any variant of movegen's registry. No existing tool can referee these games:
// cutechess knows only its own list of variants, and XBoard stalls instead of adjudicating
// when legality testing is off. So the runner is the referee itself: it speaks XBoard/CECP
// v2 and UCI as a client to engine processes (the adapter files; adapter_detect.go finds
// out which one an engine speaks), keeps each engine's clock,
// checks every move against movegen's rules and ends the game by those rules
// (movegen.Game.Outcome: mate, stalemate and the variants' own wins, repetition, the
// 50-move rule), by forfeit (time, illegal move, false claim, crash) or by adjudication
// (long draws, hopeless scores both engines agree on) (referee.go). Engines that crash,
// hang or talk nonsense lose the game and are restarted; the match goes on.
//
// Move text on the wire is the native coordinate text of the project's conventions
// (docs/conventions.md) for UCI, and the same text with XBoard's square names for XBoard
// (adapter_xbnames.go); the variant is announced with `variant NAME` (XBoard) or
// `setoption name UCI_Variant value NAME` (UCI) when it is not `normal`.
//
// Package bench does not import protocol: it talks to engines only through their pipes,
// the way any other program would, so a match also tests our own protocol code.
package bench
