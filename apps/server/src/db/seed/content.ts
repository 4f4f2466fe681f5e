import { copyFile, mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { encodePng } from '../../lib/png.ts';
import type { Queryable } from '../client.ts';
import { contentCategories, contentItems, contentViews, users } from '../schema/index.ts';
import { markSeeded, seededKeys } from './marks.ts';

const categories = [
  { code: 'sop', nameZh: '操作规程', nameEn: 'Operating procedures', sort: 1 },
  { code: 'safety', nameZh: '安全规范', nameEn: 'Safety rules', sort: 2 },
  { code: 'photo', nameZh: '现场照片', nameEn: 'Site photos', sort: 3 },
  { code: 'diagram', nameZh: '工艺图纸', nameEn: 'Diagrams', sort: 4 },
  { code: 'training', nameZh: '培训视频', nameEn: 'Training clips', sort: 5 },
];

const texts: [string, string, string][] = [
  ['sop', '雨水泵站开停泵操作规程', '按前池液位设定值逐台启停，严禁低于保护水位运行。'],
  ['sop', '污水提升泵站日常巡检要点', '每日检查格栅、液位计、电流与异响，记录运行小时。'],
  ['sop', '加压泵站变频器参数调整流程', '调整前确认远程模式与联锁条件，调整后观察出口压力。'],
  ['safety', '有限空间作业安全规定', '先通风、再检测、后作业；专人监护，严禁单人下井。'],
  ['safety', '汛期值班与应急响应制度', '暴雨预警发布后 30 分钟内到岗，泵站全部转入远程监控。'],
  ['safety', '高低压配电室操作安全须知', '停电、验电、挂接地线、悬挂标示牌，四步不可少。'],
  ['sop', '管网 CCTV 检测数据整理规范', '按 CJJ 181-2012 判读缺陷等级，照片与视频一一对应。'],
  ['safety', '检查井井盖缺失应急处置', '发现后立即设置围挡与警示，2 小时内补装。'],
];
const images: [string, string, [number, number, number]][] = [
  ['photo', '1 号雨水泵站前池', [22, 93, 255]],
  ['photo', '城东污水泵站机组', [0, 180, 42]],
  ['diagram', '滨江片区排水管网示意', [114, 46, 209]],
  ['diagram', '加压泵站工艺流程图', [255, 125, 0]],
  ['photo', '管网巡检现场', [20, 201, 201]],
  ['diagram', '泵站配电系统单线图', [245, 63, 63]],
];
/** Clips made by scripts/make-demo-videos.mjs (Chromium's MediaRecorder), shipped beside this file. */
const videos: [string, string, string][] = [
  ['training', '潜水泵检修培训', 'training-1.webm'],
  ['training', '有限空间救援演练', 'training-2.webm'],
  ['training', '液位计校准教学', 'training-3.webm'],
  ['training', '格栅除污机操作演示', 'training-4.webm'],
  ['training', '管道 CCTV 检测入门', 'training-5.webm'],
  ['training', '闸阀启闭操作要点', 'training-6.webm'],
];

/**
 * The demo library grew in batches. Each is seeded once under its own mark, so a library seeded
 * before a batch existed gains that batch's items, and an item an administrator deleted or changed
 * is never put back. `files` marks the batch's clips getting their files (which needs DATA_DIR).
 */
const batches = [
  { key: 'content:demo', files: 'content:demo-videos', texts, images: [0, 1, 2, 3, 4], videos: [0, 1, 2] },
  { key: 'content:demo-2', files: 'content:demo-videos-2', texts: [], images: [5], videos: [3, 4, 5] },
];
const ASSETS = path.join(import.meta.dirname, 'assets');

// Deterministic "randomness": the same demo every time.
const noise = (a: number, b: number) => {
  const x = Math.sin(a * 12.9898 + b * 78.233) * 43_758.5453;
  return x - Math.floor(x);
};

/** The demo content library: articles, generated diagrams and photos, training clips, views. */
export async function seedContent(db: Queryable, options: { dataDir?: string | undefined; now: Date }) {
  await db.insert(contentCategories).values(categories).onConflictDoNothing();
  const done = await seededKeys(
    db,
    batches.flatMap((b) => [b.key, b.files]),
  );
  for (const batch of batches) {
    if (done.has(batch.key)) continue;
    await markSeeded(db, [batch.key]);
    await seedLibrary(db, batch, options);
  }
  if (!options.dataDir) return;
  for (const batch of batches) {
    if (done.has(batch.files)) continue;
    await markSeeded(db, [batch.files]);
    await seedVideoFiles(db, batch.videos, options.dataDir);
  }
}

/**
 * Gives the demo clips their files; also on a library seeded before the clips existed. An item an
 * administrator deleted, renamed or gave a file of their own is left alone.
 */
async function seedVideoFiles(db: Queryable, which: number[], dataDir: string) {
  await mkdir(path.join(dataDir, 'uploads', 'content'), { recursive: true });
  for (const [, title, file] of which.map((i) => videos[i]!)) {
    const [item] = await db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(and(eq(contentItems.type, 'video'), eq(contentItems.title, title), eq(contentItems.filePath, '')));
    if (!item) continue;
    const filePath = `content/demo-${file}`;
    await copyFile(path.join(ASSETS, file), path.join(dataDir, 'uploads', filePath));
    const { size } = await stat(path.join(ASSETS, file));
    await db
      .update(contentItems)
      .set({ filePath, fileType: 'video/webm', fileSize: size })
      .where(eq(contentItems.id, item.id));
  }
}

async function seedLibrary(
  db: Queryable,
  batch: (typeof batches)[number],
  options: { dataDir?: string | undefined; now: Date },
) {
  const cats = await db.select().from(contentCategories);
  const catId = (code: string) => cats.find((c) => c.code === code)!.id;
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.username, '13800000001'));
  const published = new Date(options.now.getTime() - 20 * 86_400_000);
  const base = {
    authorId: author?.id ?? null,
    status: 'published',
    publishedAt: published,
    createdAt: published,
    updatedAt: published,
  };

  const rows: (typeof contentItems.$inferInsert)[] = [
    ...batch.texts.map(([cat, title, summary]) => ({
      ...base,
      type: 'text',
      categoryId: catId(cat),
      title,
      summary,
      bodyHtml: `<p>${summary}</p>`,
    })),
    ...batch.videos.map((i) => {
      const [cat, title] = videos[i]!;
      return { ...base, type: 'video', categoryId: catId(cat), title };
    }),
  ];
  for (const i of batch.images) {
    const [cat, title, [r, g, b]] = images[i]!;
    let filePath = '';
    let fileSize = 0;
    if (options.dataDir) {
      // A 96×64 picture in the item's colour: bands like a wet well's levels.
      const png = encodePng(96, 64, (x, y) => {
        const band = Math.floor(y / 8) % 2 === 0 ? 1 : 0.8;
        const fade = 0.6 + (0.4 * x) / 96;
        return [Math.round(r * band * fade), Math.round(g * band * fade), Math.round(b * band * fade)];
      });
      filePath = `content/demo-${i + 1}.png`;
      fileSize = png.length;
      await mkdir(path.join(options.dataDir, 'uploads', 'content'), { recursive: true });
      await writeFile(path.join(options.dataDir, 'uploads', filePath), png);
    }
    rows.push({ ...base, type: 'image', categoryId: catId(cat), title, filePath, fileType: 'image/png', fileSize });
  }
  const inserted = await db.insert(contentItems).values(rows).returning({ id: contentItems.id });

  // About 14 days of openings, more for some items than others.
  const views: (typeof contentViews.$inferInsert)[] = [];
  for (const { id } of inserted) {
    for (let day = 13; day >= 0; day--) {
      const n = Math.floor(noise(id, day) * 4 * (1 + (id % 3)));
      for (let k = 0; k < n; k++) {
        views.push({
          itemId: id,
          userId: author?.id ?? null,
          viewedAt: new Date(options.now.getTime() - day * 86_400_000 - k * 600_000),
        });
      }
    }
  }
  for (let i = 0; i < views.length; i += 500) await db.insert(contentViews).values(views.slice(i, i + 500));
  for (const { id } of inserted) {
    const n = views.filter((v) => v.itemId === id).length;
    await db.update(contentItems).set({ viewCount: n }).where(eq(contentItems.id, id));
  }
}
