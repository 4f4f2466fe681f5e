import { randomBytes } from 'node:crypto';
import { encodePng } from './png.ts';

/**
 * The sign-in captcha as a PNG, drawn here without native modules.
 *
 * The earlier SVG captcha drew each character with one fixed path: a template matcher read 14 of
 * 14 (issue 12). Here every glyph is a stroke skeleton whose points are nudged at random, then
 * scaled, sheared and turned on its own, stroked with a random width, set so that neighbours
 * overlap, bent with the whole image by a wave, crossed by curves drawn like strokes and sprinkled
 * with noise. No two drawings of a character are alike, and strokes, curves and neighbours touch,
 * so neither "cut into components" nor "average templates" works (captcha.test.ts plays that
 * attacker).
 */

type Point = readonly [number, number];
type Stroke = Point[];

export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;

/** Points of an elliptic arc, degrees from `a0` to `a1` (0 = right, 90 = down: y grows downwards). */
function arc(cx: number, cy: number, rx: number, ry: number, a0: number, a1: number): Stroke {
  const steps = Math.max(4, Math.ceil(Math.abs(a1 - a0) / 15));
  return Array.from({ length: steps + 1 }, (_, i) => {
    const a = ((a0 + ((a1 - a0) * i) / steps) * Math.PI) / 180;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)] as const;
  });
}
const line = (...points: Point[]): Stroke => points;
const join = (...parts: Stroke[]): Stroke => parts.flat();

/** Stroke skeletons on a 10 × 14 cell (origin top left), one per character the texts use. */
export const GLYPHS: Record<string, Stroke[]> = {
  A: [line([0, 14], [5, 0], [10, 14]), line([2.2, 9], [7.8, 9])],
  B: [
    line([1, 0], [1, 14]),
    join(line([1, 0], [6, 0]), arc(6, 3.5, 3.5, 3.5, -90, 90), line([6, 7], [1, 7])),
    join(line([1, 7], [6.5, 7]), arc(6.5, 10.5, 3.5, 3.5, -90, 90), line([6.5, 14], [1, 14])),
  ],
  C: [arc(5.5, 7, 4.5, 7, -40, -320)],
  D: [line([1, 0], [1, 14]), join(line([1, 0], [4, 0]), arc(4, 7, 5, 7, -90, 90), line([4, 14], [1, 14]))],
  E: [line([9, 0], [1, 0], [1, 14], [9, 14]), line([1, 7], [7, 7])],
  F: [line([9, 0], [1, 0], [1, 14]), line([1, 7], [7, 7])],
  G: [arc(5.5, 7, 4.5, 7, -50, -340), line([6, 8.5], [10, 8.5], [10, 13])],
  H: [line([1, 0], [1, 14]), line([9, 0], [9, 14]), line([1, 7], [9, 7])],
  J: [join(line([8.5, 0], [8.5, 10]), arc(5, 10, 3.5, 4, 0, 170))],
  K: [line([1, 0], [1, 14]), line([9, 0], [1, 8.5]), line([4, 5.5], [9.5, 14])],
  M: [line([0.5, 14], [0.5, 0], [5, 9], [9.5, 0], [9.5, 14])],
  N: [line([1, 14], [1, 0], [9, 14], [9, 0])],
  P: [join(line([1, 14], [1, 0], [6, 0]), arc(6, 3.75, 3.5, 3.75, -90, 90), line([6, 7.5], [1, 7.5]))],
  Q: [arc(5, 7, 4.5, 7, 0, 360), line([6, 10], [10, 14.5])],
  R: [
    join(line([1, 14], [1, 0], [6, 0]), arc(6, 3.75, 3.5, 3.75, -90, 90), line([6, 7.5], [1, 7.5])),
    line([5, 7.5], [9.5, 14]),
  ],
  S: [join(arc(5, 3.6, 4, 3.6, -20, -270), arc(5, 10.4, 4.2, 3.6, -90, 160))],
  T: [line([0, 0], [10, 0]), line([5, 0], [5, 14])],
  U: [join(line([1, 0], [1, 9.5]), arc(5, 9.5, 4, 4.5, 180, 0), line([9, 9.5], [9, 0]))],
  V: [line([0, 0], [5, 14], [10, 0])],
  W: [line([0, 0], [2.5, 14], [5, 4], [7.5, 14], [10, 0])],
  X: [line([1, 0], [9, 14]), line([9, 0], [1, 14])],
  Y: [line([0, 0], [5, 7], [10, 0]), line([5, 7], [5, 14])],
  Z: [line([1, 0], [9, 0], [1, 14], [9, 14])],
  '2': [join(arc(5, 4, 4, 4, -180, 30), line([1, 14], [9.5, 14]))],
  '3': [arc(5, 3.6, 4, 3.6, -160, 90), arc(5, 10.4, 4.3, 3.6, -90, 160)],
  '4': [line([7, 14], [7, 0], [0.5, 10], [10, 10])],
  '5': [join(line([9, 0], [2, 0], [1.5, 6]), arc(5, 9.5, 4.2, 4.5, -125, 150))],
  '6': [join(arc(5.5, 7, 4.5, 7, -70, -180), line([1, 7], [1, 10])), arc(5, 10, 4, 4, 180, 540)],
  '7': [line([0.5, 0], [9.5, 0], [3.5, 14])],
  '8': [arc(5, 3.5, 3.6, 3.5, 0, 360), arc(5, 10.5, 4.2, 3.5, 0, 360)],
  '9': [arc(5, 4, 4, 4, 0, 360), join(line([9, 4], [9, 9]), arc(5.5, 9, 3.5, 5, 0, 120))],
};

/** How one captcha is drawn; `plainStyle` draws the undistorted skeletons. */
export interface CaptchaStyle {
  /** One entry per character. */
  glyphs: {
    /** Centre of the glyph in the image, pixels. */
    x: number;
    y: number;
    /** Pixels per skeleton unit, across and down. */
    scaleX: number;
    scaleY: number;
    rotation: number;
    shear: number;
    /** How far a smooth random field bends the skeleton, in skeleton units, and its waves. */
    jitter: number;
    field: readonly [number, number, number, number, number, number];
    width: number;
    color: readonly [number, number, number];
  }[];
  /** The whole picture bent by two waves, amplitude in pixels (0: none). */
  wave: { ax: number; ay: number; fx: number; fy: number; px: number; py: number };
  /** Curves drawn across the text like strokes: control points, width and colour. */
  curves: { points: [Point, Point, Point, Point]; width: number; color: readonly [number, number, number] }[];
  /** Dark specks and light grain. */
  specks: number;
  grain: number;
  background: readonly [number, number, number];
}

export type Random = () => number;

/** A fast generator seeded from the system's secure source (or a given seed, for tests). */
export function seededRandom(seed = randomBytes(4).readUInt32LE(0)): Random {
  let s = seed >>> 0 || 1;
  return () => {
    // mulberry32
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INKS = [
  [28, 48, 110],
  [120, 30, 40],
  [25, 90, 60],
  [80, 40, 110],
  [40, 40, 40],
  [10, 80, 120],
] as const;

export function randomStyle(length: number, rnd: Random): CaptchaStyle {
  const between = (a: number, b: number) => a + (b - a) * rnd();
  // One ink for the whole picture, glyphs and curves alike, each stroke a little lighter or
  // darker: a colour per glyph would let a script cut the text apart by colour.
  const ink = INKS[Math.floor(rnd() * INKS.length)] ?? INKS[0];
  const shade = (c: readonly [number, number, number]) => {
    const k = between(0.8, 1.25);
    return c.map((v) => Math.min(255, Math.round(v * k))) as unknown as [number, number, number];
  };
  // Glyphs are about 22 px wide; the pitch is less, so neighbours touch or overlap.
  const pitch = between(24, 28);
  const start = (CAPTCHA_WIDTH - pitch * (length - 1)) / 2;
  return {
    glyphs: Array.from({ length }, (_, i) => {
      const size = between(1.85, 2.45);
      return {
        x: start + pitch * i + between(-3, 3),
        y: CAPTCHA_HEIGHT / 2 + between(-4, 4),
        scaleX: size * between(0.85, 1.15),
        scaleY: size * between(0.9, 1.1) * 0.95,
        rotation: between(-0.4, 0.4),
        shear: between(-0.3, 0.3),
        jitter: between(0.35, 0.75),
        field: [
          between(0.25, 0.6),
          between(0.25, 0.6),
          between(0, 6.3),
          between(0.25, 0.6),
          between(0.25, 0.6),
          between(0, 6.3),
        ],
        width: between(2.4, 3.4),
        color: shade(ink),
      };
    }),
    wave: {
      ax: between(1.5, 3),
      ay: between(1.5, 3),
      fx: between(0.06, 0.12),
      fy: between(0.05, 0.1),
      px: between(0, 2 * Math.PI),
      py: between(0, 2 * Math.PI),
    },
    curves: Array.from({ length: 2 }, () => ({
      points: [
        [between(-5, 15), between(10, CAPTCHA_HEIGHT - 10)],
        [between(35, 65), between(0, CAPTCHA_HEIGHT)],
        [between(85, 115), between(0, CAPTCHA_HEIGHT)],
        [between(CAPTCHA_WIDTH - 15, CAPTCHA_WIDTH + 5), between(10, CAPTCHA_HEIGHT - 10)],
      ],
      width: between(1.3, 1.9),
      color: shade(ink),
    })),
    specks: 160 + Math.floor(rnd() * 80),
    grain: 26,
    background: [between(232, 248), between(234, 248), between(236, 250)].map(Math.round) as unknown as [
      number,
      number,
      number,
    ],
  };
}

/** The skeletons as they are, side by side, without noise: what a fixed-pattern captcha looks like. */
export function plainStyle(length: number): CaptchaStyle {
  const pitch = 30;
  const start = (CAPTCHA_WIDTH - pitch * (length - 1)) / 2;
  return {
    glyphs: Array.from({ length }, (_, i) => ({
      x: start + pitch * i,
      y: CAPTCHA_HEIGHT / 2,
      scaleX: 2,
      scaleY: 2,
      rotation: 0,
      shear: 0,
      jitter: 0,
      field: [0, 0, 0, 0, 0, 0],
      width: 2.6,
      color: INKS[0],
    })),
    wave: { ax: 0, ay: 0, fx: 0, fy: 0, px: 0, py: 0 },
    curves: [],
    specks: 0,
    grain: 0,
    background: [242, 243, 245],
  };
}

/** Draws `text` (characters of GLYPHS) in `style`; `rnd` moves the skeleton points and the noise. */
export function drawCaptcha(text: string, style: CaptchaStyle, rnd: Random = seededRandom()): Buffer {
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;
  const rgb = new Float32Array(W * H * 3);
  for (let i = 0; i < W * H; i++) {
    rgb[i * 3] = style.background[0];
    rgb[i * 3 + 1] = style.background[1];
    rgb[i * 3 + 2] = style.background[2];
  }
  const alpha = new Float32Array(W * H);
  const { wave } = style;
  const bent = wave.ax !== 0 || wave.ay !== 0;

  /** Paints polylines (in image pixels) of one colour: coverage first, so a stroke never darkens itself. */
  function paint(polylines: Point[][], width: number, color: readonly [number, number, number]) {
    alpha.fill(0);
    const r = width / 2;
    const step = Math.min(0.7, r * 0.8);
    let x0 = W;
    let y0 = H;
    let x1 = -1;
    let y1 = -1;
    for (const points of polylines) {
      for (let k = 0; k + 1 < points.length; k++) {
        const [ax, ay] = points[k] as Point;
        const [bx, by] = points[k + 1] as Point;
        const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / step));
        for (let s = 0; s <= steps; s++) {
          let cx = ax + ((bx - ax) * s) / steps;
          let cy = ay + ((by - ay) * s) / steps;
          if (bent) {
            const x = cx;
            cx += wave.ax * Math.sin(cy * wave.fy * 2 + wave.py);
            cy += wave.ay * Math.sin(x * wave.fx + wave.px);
          }
          const left = Math.max(0, Math.floor(cx - r - 1));
          const right = Math.min(W - 1, Math.ceil(cx + r + 1));
          const top = Math.max(0, Math.floor(cy - r - 1));
          const bottom = Math.min(H - 1, Math.ceil(cy + r + 1));
          for (let py = top; py <= bottom; py++) {
            const dy = py + 0.5 - cy;
            for (let px = left; px <= right; px++) {
              const dx = px + 0.5 - cx;
              const a = r + 0.5 - Math.sqrt(dx * dx + dy * dy);
              if (a <= 0) continue;
              const idx = py * W + px;
              if (a > (alpha[idx] as number)) alpha[idx] = a > 1 ? 1 : a;
            }
          }
          if (left < x0) x0 = left;
          if (top < y0) y0 = top;
          if (right > x1) x1 = right;
          if (bottom > y1) y1 = bottom;
        }
      }
    }
    for (let py = y0; py <= y1; py++) {
      for (let px = x0; px <= x1; px++) {
        const idx = py * W + px;
        const a = alpha[idx] ?? 0;
        if (a === 0) continue;
        for (let c = 0; c < 3; c++) {
          const j = idx * 3 + c;
          rgb[j] = (rgb[j] ?? 0) * (1 - a) + (color[c] ?? 0) * a;
        }
      }
    }
  }

  const chars = [...text];
  chars.forEach((ch, i) => {
    const skeleton = GLYPHS[ch];
    const g = style.glyphs[i];
    if (!skeleton || !g) throw new Error(`no glyph for ${JSON.stringify(ch)}`);
    const cos = Math.cos(g.rotation);
    const sin = Math.sin(g.rotation);
    const [a1, b1, c1, a2, b2, c2] = g.field;
    const place = ([u, v]: Point): Point => {
      // bent by the glyph's own smooth field → centred → sheared → scaled → turned → placed
      const su = u - 5 + g.jitter * Math.sin(a1 * u + b1 * v + c1);
      const sv = v - 7 + g.jitter * Math.sin(a2 * u + b2 * v + c2);
      const x = (su + g.shear * sv) * g.scaleX;
      const y = sv * g.scaleY;
      return [g.x + x * cos - y * sin, g.y + x * sin + y * cos];
    };
    paint(
      skeleton.map((stroke) => stroke.map(place)),
      g.width,
      g.color,
    );
  });

  for (const curve of style.curves) {
    const [p0, p1, p2, p3] = curve.points;
    const points: Point[] = [];
    for (let s = 0; s <= 40; s++) {
      const t = s / 40;
      const m = 1 - t;
      const w = [m * m * m, 3 * m * m * t, 3 * m * t * t, t * t * t] as const;
      points.push([
        w[0] * p0[0] + w[1] * p1[0] + w[2] * p2[0] + w[3] * p3[0],
        w[0] * p0[1] + w[1] * p1[1] + w[2] * p2[1] + w[3] * p3[1],
      ]);
    }
    paint([points], curve.width, curve.color);
  }

  for (let s = 0; s < style.specks; s++) {
    const idx = Math.floor(rnd() * W) + Math.floor(rnd() * H) * W;
    const shade = 60 + rnd() * 120;
    for (let c = 0; c < 3; c++) rgb[idx * 3 + c] = shade;
  }

  return encodePng(W, H, (x, y) => {
    const idx = (y * W + x) * 3;
    const grain = style.grain ? (rnd() - 0.5) * style.grain : 0;
    const px = (c: number) => Math.max(0, Math.min(255, Math.round((rgb[idx + c] ?? 0) + grain)));
    return [px(0), px(1), px(2)];
  });
}

/** A captcha image for `text`, drawn afresh at random, as a data: URL. */
export function captchaImage(text: string): string {
  const rnd = seededRandom();
  const png = drawCaptcha(text, randomStyle([...text].length, rnd), rnd);
  return `data:image/png;base64,${png.toString('base64')}`;
}
