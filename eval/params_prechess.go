package eval

// The tuned weights of prechess, written by the Texel tuner (package tune):
// go run ./tune -variant prechess -games 1000 -nodes 4000 -opening 8 -seed 2 -passes 20 -prior 2e-06: 91927 positions.
// Each value is kept only as a whole after a match against the weights before it.
func init() {
	tuned["prechess"] = Params{
		Pawn:                 100,
		Knight:               290,
		Bishop:               330,
		Rook:                 490,
		Queen:                1010,
		Marshall:             900,
		WarMachine:           300,
		Nightrider:           450,
		BoardScale:           50,
		CentreWeightLeaper:   2,
		CentreWeightRider:    3,
		PawnAdvance:          4,
		KingCentreEndgame:    9,
		KingEdgeMiddlegame:   11,
		MobilityScale:        56,
		MobilityScaleEndgame: 56,
		MobilityMax:          6,
		ShieldPawn:           4,
		KingZoneAttack:       4,
		KingZoneQuadratic:    3,
		DoubledPawn:          18,
		IsolatedPawn:         8,
		PassedPawn:           150,
		PassedPawnEndgame:    150,
		GoalAttack:           40,
		GoalKing:             6,
		TrampolineNearKing:   25,
		BunkerRight:          18,
		EdgeKingStalemate:    40,
		ShelterZoneWeight:    2,
		ShelterKingEndgame:   30,
		Tempo:                4,
		MopUpEdge:            40,
		MopUpClose:           15,
		MopUpCorner:          40,
		DrawnEndgameDivisor:  16,
		MopUpFlight:          30,
		MopUpKnight:          3,
	}
}
