package movegen

// Color is a side: White or Black.
type Color uint8

const (
	White Color = 0
	Black Color = 1
)

// Other is the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece. The names are those of the FIDE pieces plus the fairy
// pieces of our games; how a type moves is the variant's data (the Knight type moves as a
// Nightrider in Jumping Knights).
type PieceType uint8

const (
	NoType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
	Marshall   // rook + knight (Black Hole Chess)
	WarMachine // one orthogonal step or a three-square orthogonal leap (Jumping Knights)
	NumTypes
)

// Piece is the content of a mailbox cell: Empty, Wall, or a piece type with a colour bit.
//
//	bits 0-3  PieceType
//	bit  4    white
//	bit  5    black
//	bit  6    wall (padding, a hole, a cell that is not a square)
//
// So "is this an enemy" and "is this a friend" are one AND each, and walls are neither.
type Piece uint8

const (
	Empty    Piece = 0
	whiteBit Piece = 0x10
	blackBit Piece = 0x20
	Wall     Piece = 0x40
	typeMask Piece = 0x0F

	// numPieceCodes bounds the codes of real pieces, for tables indexed by Piece.
	numPieceCodes = 0x30
)

// colorBit is the bit that marks pieces of colour c.
func colorBit(c Color) Piece { return whiteBit << c }

// MakePiece is the piece of type t and colour c.
func MakePiece(c Color, t PieceType) Piece { return colorBit(c) | Piece(t) }

// Type is the piece type of p (NoType for Empty and Wall).
func (p Piece) Type() PieceType { return PieceType(p & typeMask) }

// Color is the colour of a real piece.
func (p Piece) Color() Color { return Color(p>>5) & 1 }

// Is reports whether p is a piece of colour c.
func (p Piece) Is(c Color) bool { return p&colorBit(c) != 0 }

// IsPiece reports whether p is a real piece of either colour.
func (p Piece) IsPiece() bool { return p&(whiteBit|blackBit) != 0 }

// typeBit is the bit of t in a set of piece types.
func typeBit(t PieceType) uint16 { return 1 << t }
