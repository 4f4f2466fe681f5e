import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  captchaImage,
  drawCaptcha,
  GLYPHS,
  plainStyle,
  randomStyle,
  seededRandom,
} from './captcha.ts';
import { randomCaptchaText } from './tokens.ts';

/** Grey levels of a PNG as encodePng writes it (8-bit RGB, filter 0 on every row). */
function greys(png: Buffer): Uint8Array {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let off = 8; off < png.length; ) {
    const len = png.readUInt32BE(off);
    if (png.toString('latin1', off + 4, off + 8) === 'IDAT') idat.push(png.subarray(off + 8, off + 8 + len));
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * (width * 3 + 1) + 1 + x * 3;
      out[y * width + x] = Math.round(((raw[i] ?? 0) + (raw[i + 1] ?? 0) + (raw[i + 2] ?? 0)) / 3);
    }
  }
  return out;
}

const W = CAPTCHA_WIDTH;
const H = CAPTCHA_HEIGHT;
const GRID_W = 12;
const GRID_H = 16;

/**
 * The script that read the SVG captcha, on pixels: ink by threshold, specks dropped, glyphs cut
 * out as connected components (or, when they do not come out as one per character, as equal
 * slots across the ink), each scaled to a 12 × 16 grid and compared with per-character templates
 * averaged from captchas whose answers it knows.
 */
function segment(png: Buffer, length: number): Float64Array[] {
  const grey = greys(png);
  const ink = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) ink[i] = (grey[i] ?? 255) < 170 ? 1 : 0;
  const label = new Int32Array(W * H).fill(-1);
  const components: number[][] = [];
  for (let start = 0; start < W * H; start++) {
    if (!ink[start] || label[start] !== -1) continue;
    const pixels: number[] = [];
    const stack = [start];
    label[start] = components.length;
    while (stack.length) {
      const p = stack.pop() as number;
      pixels.push(p);
      const x = p % W;
      const y = (p - x) / W;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          const q = ny * W + nx;
          if (nx >= 0 && nx < W && ny >= 0 && ny < H && ink[q] && label[q] === -1) {
            label[q] = components.length;
            stack.push(q);
          }
        }
      }
    }
    components.push(pixels);
  }
  let pieces = components.filter((c) => c.length >= 20);
  if (pieces.length !== length) {
    const all = pieces.flat();
    const xs = all.map((p) => p % W);
    const left = Math.min(...xs);
    const slot = (Math.max(...xs) + 1 - left) / length;
    pieces = Array.from({ length }, (_, i) =>
      all.filter((p) => Math.min(length - 1, Math.floor(((p % W) - left) / slot)) === i),
    );
  }
  const centre = (c: number[]) => c.reduce((sum, p) => sum + (p % W), 0) / Math.max(1, c.length);
  pieces.sort((a, b) => centre(a) - centre(b));
  return pieces.map((pixels) => {
    const xs = pixels.map((p) => p % W);
    const ys = pixels.map((p) => Math.floor(p / W));
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs) + 1, Math.min(...ys), Math.max(...ys) + 1];
    const v = new Float64Array(GRID_W * GRID_H);
    for (const p of pixels) {
      const gx = Math.min(GRID_W - 1, Math.floor((((p % W) - x0) / (x1 - x0)) * GRID_W));
      const gy = Math.min(GRID_H - 1, Math.floor(((Math.floor(p / W) - y0) / (y1 - y0)) * GRID_H));
      v[gy * GRID_W + gx] = (v[gy * GRID_W + gx] ?? 0) + 1;
    }
    // zero mean, unit length: the dot product is then a correlation
    const mean = v.reduce((a, b) => a + b, 0) / v.length;
    let norm = 0;
    for (let i = 0; i < v.length; i++) {
      v[i] = (v[i] ?? 0) - mean;
      norm += (v[i] ?? 0) ** 2;
    }
    return v.map((x) => x / (Math.sqrt(norm) || 1));
  });
}

/** Learns from `train` captchas; the share of `test` captchas read whole, and of characters read. */
function attack(draw: (text: string) => Buffer, train: number, test: number): { whole: number; chars: number } {
  const sums = new Map<string, { v: Float64Array; n: number }>();
  for (let i = 0; i < train; i++) {
    const text = randomCaptchaText();
    segment(draw(text), text.length).forEach((v, k) => {
      const ch = text[k] as string;
      const sum = sums.get(ch) ?? { v: new Float64Array(v.length), n: 0 };
      for (let j = 0; j < v.length; j++) sum.v[j] = (sum.v[j] ?? 0) + (v[j] ?? 0);
      sum.n++;
      sums.set(ch, sum);
    });
  }
  const templates = [...sums].map(([ch, { v, n }]) => ({ ch, v: v.map((x) => x / n) }));
  let solved = 0;
  let chars = 0;
  for (let i = 0; i < test; i++) {
    const text = randomCaptchaText();
    const read = segment(draw(text), text.length)
      .map((v) => {
        let best = { ch: '?', score: -Infinity };
        for (const t of templates) {
          const score = t.v.reduce((a, x, j) => a + x * (v[j] ?? 0), 0);
          if (score > best.score) best = { ch: t.ch, score };
        }
        return best.ch;
      })
      .join('');
    if (read === text) solved++;
    chars += [...text].filter((ch, k) => read[k] === ch).length;
  }
  return { whole: solved / test, chars: chars / (test * 4) };
}

describe('the sign-in captcha', () => {
  it('has a glyph for every character the texts use', () => {
    expect(Object.keys(GLYPHS).sort().join('')).toBe([...'ABCDEFGHJKMNPQRSTUVWXYZ23456789'].sort().join(''));
  });

  it('is a PNG data: URL, drawn afresh each time for the same text', () => {
    const a = captchaImage('AB2C');
    const b = captchaImage('AB2C');
    expect(a).toMatch(/^data:image\/png;base64,/);
    expect(a).not.toBe(b);
    expect(Buffer.from(a.split(',')[1] as string, 'base64').length).toBeLessThan(30_000);
  });

  it('defeats a template matcher that learnt 200 captchas (reads under 5 % of 100), which reads fixed-pattern ones', () => {
    const plain = attack((text) => drawCaptcha(text, plainStyle(text.length)), 200, 100);
    expect(plain.whole).toBeGreaterThan(0.9);
    const rnd = seededRandom(20_260_601);
    const drawn = attack((text) => drawCaptcha(text, randomStyle(text.length, rnd), rnd), 200, 100);
    // biome-ignore lint/suspicious/noConsole: the measured rates are the test's figure
    console.info(
      `template attack, captchas read whole (characters read): fixed patterns ${plain.whole * 100} % (${Math.round(plain.chars * 100)} %), ` +
        `this captcha ${drawn.whole * 100} % (${Math.round(drawn.chars * 100)} %)`,
    );
    expect(drawn.whole).toBeLessThan(0.05);
  });
});
