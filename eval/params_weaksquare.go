package eval

// The tuned weights of weaksquare, written by the Texel tuner (package tune):
// go run ./tune -variant weaksquare -games 4000 -nodes 4000 -opening 8 -seed 2 -passes 20 -prior 2e-05: 53023 positions.
// Each value is kept only as a whole after a match against the weights before it.
func init() {
	tuned["weaksquare"] = Params{
		Pawn:                100,
		Knight:              325,
		Bishop:              310,
		Rook:                530,
		Queen:               950,
		Marshall:            900,
		WarMachine:          300,
		Nightrider:          450,
		BoardScale:          50,
		CentreWeightLeaper:  6,
		CentreWeightRider:   6,
		PawnAdvance:         7,
		KingCentreEndgame:   9,
		KingEdgeMiddlegame:  4,
		MobilityScale:       60,
		MobilityMax:         6,
		ShieldPawn:          12,
		KingZoneAttack:      5,
		KingZoneQuadratic:   0,
		DoubledPawn:         12,
		IsolatedPawn:        10,
		PassedPawn:          140,
		GoalAttack:          50,
		GoalKing:            6,
		TrampolineNearKing:  25,
		BunkerRight:         15,
		EdgeKingStalemate:   40,
		ShelterZoneWeight:   2,
		ShelterKingEndgame:  30,
		Tempo:               8,
		MopUpEdge:           40,
		MopUpClose:          15,
		MopUpCorner:         40,
		DrawnEndgameDivisor: 16,
		MopUpFlight:         30,
		MopUpKnight:         3,
	}
}
