package eval

// The tuned weights of bunker, written by the Texel tuner (package tune):
// go run ./tune -variant bunker -games 1000 -nodes 4000 -opening 8 -seed 2 -passes 20 -prior 2e-06: 74279 positions.
// Each value is kept only as a whole after a match against the weights before it.
func init() {
	tuned["bunker"] = Params{
		Pawn:                100,
		Knight:              305,
		Bishop:              345,
		Rook:                510,
		Queen:               1025,
		Marshall:            900,
		WarMachine:          300,
		Nightrider:          450,
		BoardScale:          50,
		CentreWeightLeaper:  6,
		CentreWeightRider:   3,
		PawnAdvance:         3,
		KingCentreEndgame:   9,
		KingEdgeMiddlegame:  6,
		MobilityScale:       56,
		MobilityMax:         6,
		ShieldPawn:          8,
		KingZoneAttack:      7,
		KingZoneQuadratic:   1,
		DoubledPawn:         22,
		IsolatedPawn:        0,
		PassedPawn:          150,
		GoalAttack:          40,
		GoalKing:            6,
		TrampolineNearKing:  25,
		BunkerRight:         3,
		EdgeKingStalemate:   40,
		ShelterZoneWeight:   2,
		ShelterKingEndgame:  30,
		Tempo:               6,
		MopUpEdge:           40,
		MopUpClose:          15,
		MopUpCorner:         40,
		DrawnEndgameDivisor: 16,
		MopUpFlight:         30,
		MopUpKnight:         3,
	}
}
