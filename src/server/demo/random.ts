// A small seeded PRNG for the demo generator. Math.random cannot be seeded, and the demo must be
// reproducible: the same seed gives the same campaign, so tests, benchmarks and bug reports can
// refer to "seed 1, 5000 samples" and mean the same rows.
//
// sfc32 (Small Fast Chaotic, 128-bit state) passes PractRand far beyond what a demo needs and
// runs on 32-bit integer ops only, which keeps a million-analysis run cheap.

/** FNV-1a over the text, used to derive independent streams ('samples', 'boxes', …) from one seed. */
const hash32 = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

export class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  /** The second Box-Muller value, kept for the next normal() call. */
  #spare: number | undefined;

  /**
   * @param seed any integer
   * @param stream a name for an independent sequence from the same seed: the generator gives each
   *   part of the campaign its own stream, so changing the number of boxes does not change the
   *   sample values.
   */
  constructor(seed: number, stream = '') {
    this.#a = hash32(`a:${stream}`) ^ (seed | 0);
    this.#b = hash32(`b:${stream}`) ^ Math.imul(seed | 0, 0x9e3779b1);
    this.#c = hash32(`c:${stream}`) ^ (Math.floor(seed / 0x100000000) | 0);
    this.#d = 1;
    // The first outputs of sfc32 still echo the seed; the reference implementation discards 12.
    for (let i = 0; i < 15; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 0x100000000;
  }

  /** Uniform in [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** true with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One item with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  }

  /** Normal distribution (Box-Muller; the pair's second value serves the next call). */
  normal(mean = 0, sd = 1): number {
    if (this.#spare !== undefined) {
      const z = this.#spare;
      this.#spare = undefined;
      return mean + sd * z;
    }
    // 1 - next() lies in (0, 1], so the logarithm is finite.
    const r = Math.sqrt(-2 * Math.log(1 - this.next()));
    const theta = 2 * Math.PI * this.next();
    this.#spare = r * Math.sin(theta);
    return mean + sd * r * Math.cos(theta);
  }

  /**
   * Log-normal with the given mean and standard deviation of the value itself: for concentrations
   * (Na, amino-N, glucose) that are skewed to the right and never negative.
   */
  logNormal(mean: number, sd: number): number {
    const sigma2 = Math.log(1 + (sd * sd) / (mean * mean));
    return Math.exp(this.normal(Math.log(mean) - sigma2 / 2, Math.sqrt(sigma2)));
  }

  /** Fisher-Yates shuffle in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
}
