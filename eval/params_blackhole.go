package eval

// The tuned weights of blackhole, written by the Texel tuner (package tune):
// go run ./tune -variant blackhole -games 1000 -nodes 4000 -opening 8 -seed 2 -passes 20 -prior 2e-06 -keep Knight,Bishop,Rook,Queen,Marshall: 117038 positions.
// Each value is kept only as a whole after a match against the weights before it.
func init() {
	tuned["blackhole"] = Params{
		Pawn:                 100,
		Knight:               320,
		Bishop:               330,
		Rook:                 500,
		Queen:                950,
		Marshall:             900,
		WarMachine:           300,
		Nightrider:           450,
		BoardScale:           50,
		CentreWeightLeaper:   0,
		CentreWeightRider:    1,
		PawnAdvance:          1,
		KingCentreEndgame:    7,
		KingEdgeMiddlegame:   4,
		MobilityScale:        52,
		MobilityScaleEndgame: 52,
		MobilityMax:          6,
		ShieldPawn:           10,
		KingZoneAttack:       6,
		KingZoneQuadratic:    2,
		DoubledPawn:          10,
		IsolatedPawn:         10,
		PassedPawn:           190,
		PassedPawnEndgame:    190,
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
		MopUpFlight:          30,
		MopUpKnight:          3,
	}
}
