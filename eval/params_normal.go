package eval

// The tuned weights of normal, written by the Texel tuner (package tune):
// go run ./tune -variant normal -games 1500 -nodes 4000 -opening 8 -seed 3 -passes 60 -prior 1e-07 -judge "/usr/games/stockfish" -judge-depth 10 -judge-weight 1: 121104 positions.
// Each value is kept only as a whole after a match against the weights before it.
func init() {
	tuned["normal"] = Params{
		Pawn:                 100,
		Knight:               300,
		Bishop:               305,
		Rook:                 490,
		Queen:                1025,
		Marshall:             900,
		WarMachine:           300,
		Nightrider:           450,
		BoardScale:           50,
		CentreWeightLeaper:   6,
		CentreWeightRider:    4,
		PawnAdvance:          5,
		KingCentreEndgame:    15,
		KingEdgeMiddlegame:   5,
		MobilityScale:        56,
		MobilityScaleEndgame: 56,
		MobilityMax:          6,
		ShieldPawn:           0,
		KingZoneAttack:       4,
		KingZoneQuadratic:    5,
		DoubledPawn:          16,
		IsolatedPawn:         10,
		PassedPawn:           110,
		PassedPawnEndgame:    250,
		BishopPair:           65,
		RookOpenFile:         30,
		RookHalfOpenFile:     30,
		GoalAttack:           40,
		GoalKing:             6,
		TrampolineNearKing:   25,
		BunkerRight:          15,
		EdgeKingStalemate:    40,
		ShelterZoneWeight:    2,
		ShelterKingEndgame:   30,
		Tempo:                24,
		MopUpEdge:            40,
		MopUpClose:           15,
		MopUpCorner:          40,
		DrawnEndgameDivisor:  16,
		MopUpFlight:          0, // FIDE keeps its measured K+B+N technique (59 and 65 plies); the term is for boards with shelters
		MopUpKnight:          0,
	}
}
