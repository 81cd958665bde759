package eval

// The tuned weights of hopchess, written by the Texel tuner (package tune):
// go run ./tune -variant hopchess -games 3000 -nodes 2500 -opening 8 -seed 2 -passes 20 -prior 2e-06: 20486 positions.
// Each value is kept only as a whole after a match against the weights before it.
func init() {
	tuned["hopchess"] = Params{
		Pawn:                 100,
		Knight:               355,
		Bishop:               305,
		Rook:                 590,
		Queen:                755,
		Marshall:             900,
		WarMachine:           300,
		Nightrider:           450,
		BoardScale:           50,
		CentreWeightLeaper:   16,
		CentreWeightRider:    4,
		PawnAdvance:          3,
		KingCentreEndgame:    5,
		KingEdgeMiddlegame:   7,
		MobilityScale:        56,
		MobilityScaleEndgame: 56,
		MobilityMax:          6,
		ShieldPawn:           16,
		KingZoneAttack:       7,
		KingZoneQuadratic:    5,
		DoubledPawn:          14,
		IsolatedPawn:         2,
		PassedPawn:           180,
		PassedPawnEndgame:    180,
		GoalAttack:           40,
		GoalKing:             6,
		TrampolineNearKing:   10,
		BunkerRight:          15,
		EdgeKingStalemate:    40,
		ShelterZoneWeight:    2,
		ShelterKingEndgame:   30,
		Tempo:                18,
		MopUpEdge:            40,
		MopUpClose:           15,
		MopUpCorner:          40,
		DrawnEndgameDivisor:  16,
		MopUpFlight:          30,
		MopUpKnight:          3,
	}
}
