// Generated from the rule-set registry (each rule set's `HELP` in src/variants/) by
// `ALFIERE_WRITE_GENERATED=1 cargo test --test registry`; do not edit.
// One paragraph per rule set for the "How to play" panel.

export const VARIANT_HELP = {
  chess: 'Orthodox chess.',
  chess960: 'Chess960 (Fischer random): orthodox chess from one of 960 start positions (pick a number 0-959 beside the variant, or leave it empty for a random one); Black mirrors White. Castling puts the king on g1 or c1 and the rook on f1 or d1, whatever their start squares: move the king onto its rook, or two squares when that is unambiguous.',
  chessgi: 'Chess-Gi: a captured piece changes colour and goes into your pocket. Instead of moving you may drop a piece from your pocket on any empty square (pawns not on your last rank). Promoted pieces stay promoted when captured.',
  racingkings: 'Racing Kings: no checks allowed, by either side. The first king to reach the eighth rank wins; if White gets there first, Black may still draw by reaching it with the very next move.',
  alice: 'Alice: two boards. A piece moves on the board it stands on, then passes through the looking glass to the same square of the other board, which must be empty. Check only comes from pieces on the king’s own board.',
  billiards: 'Billiards: the diagonal moves of bishops and queens rebound off the edges of the board. The path of the last rebounding move is drawn; point at a destination to see the path before you move.',
  'progressive-scottish': 'Progressive (Scottish): White plays one move, Black two, White three, and so on. A check ends the series at once.',
  'progressive-italian': 'Progressive (Italian): series of one, two, three… moves. Only the last move of a series may give check.',
  marseillais: 'Marseillais: each turn is two moves, White’s first turn too. A check with the first move ends the turn.',
  'marseillais-balanced': 'Marseillais (balanced): White’s first turn is one move, every later turn two. A check with the first move ends the turn.',
  avalanche: 'Avalanche: after your move, push one of your opponent’s pawns one square forward (highlighted). A pawn pushed to its last rank is promoted by its owner, who chooses the piece. If your own king is attacked after your push, you lose.',
};
