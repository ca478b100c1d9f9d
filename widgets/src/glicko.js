// Glicko-2 (Glickman's "Example of the Glicko-2 system"), the same steps as Python's
// fivehundred_tutor/puzzles/glicko.py: the learner's rating after each puzzle, in the browser (the
// static book has no Python).  tests/quality/test_puzzles_frontend.py compares the two.

export const SCALE = 173.7178;
export const TAU = 0.5;
const EPSILON = 0.000001;

/** A newcomer: 1500, deviation 350, volatility 0.06. */
export function newcomer() {
  return { rating: 1500, deviation: 350, volatility: 0.06 };
}

const g = (phi) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const e = (mu, muJ, phiJ) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** The chance that `player` beats `opponent` (solves the puzzle). */
export function expectedScore(player, opponent) {
  return e((player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE, opponent.deviation / SCALE);
}

function volatility(phi, sigma, delta, v, tau) {
  const a = Math.log(sigma * sigma);
  const f = (x) => {
    const ex = Math.exp(x);
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau);
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
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/** `player` after one rating period of `results`: [[opponent, score 1 | 0.5 | 0], …]. */
export function update(player, results, tau = TAU) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (!results.length) return { rating: player.rating, deviation: SCALE * Math.sqrt(phi * phi + sigma * sigma), volatility: sigma };
  let inverseV = 0;
  let gain = 0;
  for (const [opponent, score] of results) {
    const muJ = (opponent.rating - 1500) / SCALE;
    const phiJ = opponent.deviation / SCALE;
    const gj = g(phiJ);
    const ej = e(mu, muJ, phiJ);
    inverseV += gj * gj * ej * (1 - ej);
    gain += gj * (score - ej);
  }
  const v = 1 / inverseV;
  const delta = v * gain;
  const newSigma = volatility(phi, sigma, delta, v, tau);
  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * gain;
  return { rating: SCALE * newMu + 1500, deviation: SCALE * newPhi, volatility: newSigma };
}
