package eval

// The tuned weights of normal, written by the Texel tuner (package tune):
// go run ./tune -variant normal -games 1000 -nodes 4000 -opening 8 -seed 2 -passes 20 -prior 2e-06: 77886 positions.
// Each value is kept only as a whole after a match against the weights before it.
func init() {
	tuned["normal"] = Params{
		Pawn:                 100,
		Knight:               315,
		Bishop:               335,
		Rook:                 500,
		Queen:                980,
		Marshall:             900,
		WarMachine:           300,
		Nightrider:           450,
		BoardScale:           50,
		CentreWeightLeaper:   3,
		CentreWeightRider:    0,
		PawnAdvance:          4,
		KingCentreEndgame:    11,
		KingEdgeMiddlegame:   5,
		MobilityScale:        56,
		MobilityScaleEndgame: 56,
		MobilityMax:          6,
		ShieldPawn:           6,
		KingZoneAttack:       6,
		KingZoneQuadratic:    3,
		DoubledPawn:          14,
		IsolatedPawn:         6,
		PassedPawn:           180,
		PassedPawnEndgame:    180,
		BishopPair:           handBishopPair,
		RookOpenFile:         handRookOpenFile,
		RookHalfOpenFile:     handRookHalfOpenFile,
		GoalAttack:           40,
		GoalKing:             6,
		TrampolineNearKing:   25,
		BunkerRight:          15,
		EdgeKingStalemate:    40,
		ShelterZoneWeight:    2,
		ShelterKingEndgame:   30,
		Tempo:                6,
		MopUpEdge:            40,
		MopUpClose:           15,
		MopUpCorner:          40,
		DrawnEndgameDivisor:  16,
		MopUpFlight:          0, // FIDE keeps its measured K+B+N technique (59 and 65 plies); the term is for boards with shelters
		MopUpKnight:          0,
	}
}
