// Small helpers of the crash test: the seeded random source, sleep and plural.

/** A small seeded random source (xorshift), so a failing run can be repeated with the same seed. */
export function createRandom(seed) {
  let state = seed || 1;
  function random() {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  }
  const between = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  return { random, between };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
