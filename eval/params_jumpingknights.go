package eval

// The tuned weights of jumpingknights, written by the Texel tuner (package tune):
// go run ./tune -variant jumpingknights -games 600 -nodes 3000 -opening 8 -seed 2 -passes 20 -prior 2e-06: 29978 positions.
// Each value is kept only as a whole after a match against the weights before it.
func init() {
	tuned["jumpingknights"] = Params{
		Pawn:                 100,
		Knight:               320,
		Bishop:               345,
		Rook:                 520,
		Queen:                1220,
		Marshall:             900,
		WarMachine:           200,
		Nightrider:           320,
		BoardScale:           50,
		CentreWeightLeaper:   10,
		CentreWeightRider:    5,
		PawnAdvance:          0,
		KingCentreEndgame:    9,
		KingEdgeMiddlegame:   7,
		MobilityScale:        56,
		MobilityScaleEndgame: 56,
		MobilityMax:          6,
		ShieldPawn:           6,
		KingZoneAttack:       7,
		KingZoneQuadratic:    7,
		DoubledPawn:          4,
		IsolatedPawn:         0,
		PassedPawn:           90,
		PassedPawnEndgame:    90,
		GoalAttack:           40,
		GoalKing:             6,
		TrampolineNearKing:   25,
		BunkerRight:          15,
		EdgeKingStalemate:    35,
		ShelterZoneWeight:    2,
		ShelterKingEndgame:   30,
		Tempo:                12,
		MopUpEdge:            40,
		MopUpClose:           15,
		MopUpCorner:          40,
		DrawnEndgameDivisor:  16,
		MopUpFlight:          30,
		MopUpKnight:          3,
	}
}
