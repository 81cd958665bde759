package eval

// The tuned weights of normal, written by the Texel tuner (package tune):
// go run ./tune -variant normal -games 1500 -nodes 4000 -opening 8 -seed 3 -passes 60 -prior 1e-07 -judge "/usr/games/stockfish" -judge-depth 10 -judge-weight 1 -samples fide-s3-d10.samples: 121104 positions.
// (The samples file as that command wrote it at 96e202f, whose self-play games it judged: the
// same games need the same engine. Then the threat and pawn terms added, from the weights before.)
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
		CentreWeightLeaper:   7,
		CentreWeightRider:    6,
		PawnAdvance:          5,
		KingCentreEndgame:    14,
		KingEdgeMiddlegame:   6,
		MobilityScale:        56,
		MobilityScaleEndgame: 56,
		MobilityMax:          6,
		ShieldPawn:           0,
		KingZoneAttack:       4,
		KingZoneQuadratic:    5,
		DoubledPawn:          18,
		IsolatedPawn:         6,
		PassedPawn:           110,
		PassedPawnEndgame:    300,
		BishopPair:           70,
		RookOpenFile:         34,
		RookHalfOpenFile:     34,
		GoalAttack:           40,
		GoalKing:             6,
		TrampolineNearKing:   25,
		BunkerRight:          15,
		EdgeKingStalemate:    40,
		ShelterZoneWeight:    2,
		ShelterKingEndgame:   30,
		Tempo:                30,
		PawnThreat:           55,
		PieceThreat:          50,
		MobilityPawnAttacked: 2,
		PassedKingDistance:   30,
		ConnectedPawn:        6,
		MopUpEdge:            40,
		MopUpClose:           15,
		MopUpCorner:          40,
		DrawnEndgameDivisor:  16,
		MopUpFlight:          0,
		MopUpKnight:          0,
	}
}
