// The Glicko-2 rating system (Mark Glickman, "Example of the Glicko-2 system", 2013),
// written from the paper's steps: a rating, its deviation (how unsure the rating is)
// and a volatility (how erratic the player's results are), updated after a rating
// period of games. The page uses it for the person's puzzle rating (puzzle-ratings.js):
// one rating period per puzzle, the puzzle as the opponent with its rating and a fixed
// deviation. Pure: no storage, no DOM.

/** The Glicko-2 scale factor between the Glicko scale (1500-centred) and μ/φ. */
const SCALE = 173.7178;
const CENTRE = 1500;
/** Convergence tolerance of the volatility iteration (the paper's ε). */
const EPSILON = 0.000001;

/**
 * The system constant τ: how much the volatility may change in one period. Glickman
 * suggests 0.3 to 1.2; 0.5 is the paper's example and a middle choice (a player whose
 * results swing gets a larger deviation again without the rating jumping about).
 */
export const TAU = 0.5;

/** A new player: the paper's defaults (rating 1500, deviation 350, volatility 0.06). */
export const NEW_PLAYER = Object.freeze({ rating: 1500, deviation: 350, volatility: 0.06 });

const g = (phi) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu, muJ, phiJ) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/**
 * The player's new {rating, deviation, volatility} after one rating period.
 * `player`: {rating, deviation, volatility}; `games`: [{rating, deviation, score}]
 * with score 1 (win), 0.5 (draw) or 0 (loss) from the player's side. With no games the
 * deviation grows as the paper's step 6 says and the rest stays.
 */
export function rate(player, games, { tau = TAU } = {}) {
  const mu = (player.rating - CENTRE) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (!games.length) {
    return { rating: player.rating, deviation: Math.sqrt(phi * phi + sigma * sigma) * SCALE, volatility: sigma };
  }
  // Steps 3 and 4: the estimated variance v and the estimated improvement Δ.
  let invV = 0;
  let sum = 0;
  for (const game of games) {
    const muJ = (game.rating - CENTRE) / SCALE;
    const phiJ = game.deviation / SCALE;
    const e = expected(mu, muJ, phiJ);
    invV += g(phiJ) ** 2 * e * (1 - e);
    sum += g(phiJ) * (game.score - e);
  }
  const v = 1 / invV;
  const delta = v * sum;
  // Step 5: the new volatility, the root of f by the Illinois variant of regula falsi.
  const a = Math.log(sigma * sigma);
  const f = (x) => {
    const ex = Math.exp(x);
    const denominator = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * denominator * denominator) - (x - a) / (tau * tau);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  // The bracket halves at least every other step; the cap only guards against NaN input.
  for (let i = 0; i < 100 && Math.abs(B - A) > EPSILON; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const volatility = Math.exp(A / 2);
  // Steps 6 to 8: the pre-period deviation, then the new deviation and rating.
  const phiStar = Math.sqrt(phi * phi + volatility * volatility);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: muNew * SCALE + CENTRE, deviation: phiNew * SCALE, volatility };
}
