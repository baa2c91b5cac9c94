// The `Move` objects chess.js 1.4 returns: exactly its eleven own properties in its
// order (tests compare them with deep equality), the predicates on the prototype.

export class Move {
  /** From an alfiere move description (`Game.move`, `moves({ verbose: true })`). */
  constructor(info) {
    this.color = info.color;
    this.from = info.from;
    this.to = info.to;
    this.piece = info.piece;
    this.captured = info.captured;
    this.promotion = info.promotion;
    this.flags = info.flags;
    this.san = info.san;
    this.lan = info.lan;
    this.before = info.before;
    this.after = info.after;
  }

  /** chess.js counts only the `c` flag: en passant is not a capture here. */
  isCapture() {
    return this.flags.includes('c');
  }

  isPromotion() {
    return this.flags.includes('p');
  }

  isEnPassant() {
    return this.flags.includes('e');
  }

  isKingsideCastle() {
    return this.flags.includes('k');
  }

  isQueensideCastle() {
    return this.flags.includes('q');
  }

  isBigPawn() {
    return this.flags.includes('b');
  }
}

/** The null move's description for the side `color` in the position `before`. */
export function nullMove(color, before, after) {
  return new Move({
    color, from: 'a8', to: 'a8', piece: 'k', captured: undefined, promotion: undefined,
    flags: '-', san: '--', lan: 'a8a8', before, after,
  });
}
