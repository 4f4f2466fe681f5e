// Makes the demo library's training clips: short animated WebM (VP8) files drawn on a canvas and
// recorded by Chromium's own MediaRecorder, so no video is fetched and no encoder is installed.
// The output is committed (apps/server/src/db/seed/assets/). A run records only the clips that are
// missing there, so adding a clip leaves the committed ones byte for byte; --all records every clip:
//   node scripts/make-demo-videos.mjs [--all]
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const out = path.resolve(import.meta.dirname, '../apps/server/src/db/seed/assets');
const clips = [
  { file: 'training-1.webm', scene: 'pump', zh: '潜水泵检修培训', en: 'Submersible pump maintenance' },
  { file: 'training-2.webm', scene: 'manhole', zh: '有限空间救援演练', en: 'Confined-space rescue drill' },
  { file: 'training-3.webm', scene: 'level', zh: '液位计校准教学', en: 'Level gauge calibration' },
  { file: 'training-4.webm', scene: 'screen', zh: '格栅除污机操作演示', en: 'Bar screen cleaner' },
  { file: 'training-5.webm', scene: 'cctv', zh: '管道 CCTV 检测入门', en: 'Sewer CCTV inspection' },
  { file: 'training-6.webm', scene: 'valve', zh: '闸阀启闭操作要点', en: 'Operating a gate valve' },
];
const all = process.argv.includes('--all');

// Runs in the page: draws one scene for `seconds` and gives back the WebM as base64.
async function record({ scene, zh, en, seconds }) {
  const W = 320;
  const H = 180;
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  document.body.append(canvas);
  const g = canvas.getContext('2d');
  const font = '"WenQuanYi Micro Hei", sans-serif';
  const steps = {
    pump: ['1 断电挂牌', '2 吊出泵体', '3 检查叶轮', '4 更换密封'],
    manhole: ['1 通风', '2 气体检测', '3 佩戴防护', '4 专人监护'],
    level: ['1 记录读数', '2 实测水位', '3 修正零点', '4 复核'],
    screen: ['1 现场确认', '2 点动试车', '3 自动运行', '4 清理栅渣'],
    cctv: ['1 封堵导流', '2 放入爬行器', '3 匀速检测', '4 标注缺陷'],
    valve: ['1 核对编号', '2 确认方向', '3 缓慢启闭', '4 记录圈数'],
  }[scene];
  function frame(t) {
    g.fillStyle = '#0f1b2d';
    g.fillRect(0, 0, W, H);
    g.fillStyle = '#165DFF';
    g.fillRect(0, 0, W, 28);
    g.fillStyle = '#fff';
    g.font = `bold 14px ${font}`;
    g.fillText(zh, 10, 19);
    g.font = `11px ${font}`;
    g.fillStyle = '#c9d7ff';
    g.fillText(en, W - 10 - g.measureText(en).width, 19);
    const cx = 110;
    const cy = 104;
    if (scene === 'pump') {
      g.strokeStyle = '#8fb3ff';
      g.lineWidth = 3;
      g.strokeRect(cx - 44, cy - 44, 88, 88);
      g.save();
      g.translate(cx, cy);
      g.rotate(t * 4);
      g.fillStyle = '#00b42a';
      for (let i = 0; i < 5; i++) {
        g.rotate((Math.PI * 2) / 5);
        g.beginPath();
        g.ellipse(0, -18, 7, 18, 0.4, 0, Math.PI * 2);
        g.fill();
      }
      g.restore();
      g.fillStyle = '#4080ff';
      for (let i = 0; i < 3; i++) g.fillRect(cx + 50 + ((t * 40 + i * 18) % 54), cy - 3, 8, 6);
    } else if (scene === 'manhole') {
      g.fillStyle = '#3d4a5c';
      g.fillRect(cx - 30, 40, 60, 130);
      g.fillStyle = '#0f1b2d';
      g.fillRect(cx - 22, 46, 44, 124);
      const y = 50 + ((Math.sin(t * 1.5) + 1) / 2) * 90;
      g.fillStyle = '#ff7d00';
      g.beginPath();
      g.arc(cx, y, 9, 0, Math.PI * 2);
      g.fill();
      const o2 = (20.9 - Math.max(0, Math.sin(t)) * 2.5).toFixed(1);
      g.fillStyle = '#e8f3ff';
      g.font = `12px ${font}`;
      g.fillText(`O₂ ${o2}%`, cx + 40, 70);
      g.fillText(`H₂S ${(Math.max(0, Math.sin(t * 0.7)) * 6).toFixed(1)} ppm`, cx + 40, 88);
    } else if (scene === 'screen') {
      // A bar screen across the channel, its rake climbing and dropping, debris carried up.
      g.fillStyle = '#1d3a5f';
      g.fillRect(cx - 60, 120, 120, 50);
      g.strokeStyle = '#8fb3ff';
      g.lineWidth = 2;
      for (let x = cx - 50; x <= cx + 50; x += 10) {
        g.beginPath();
        g.moveTo(x, 44);
        g.lineTo(x - 16, 170);
        g.stroke();
      }
      const rise = (t * 0.5) % 1;
      const ry = 165 - rise * 120;
      g.fillStyle = '#ff7d00';
      g.fillRect(cx - 58 + rise * 16, ry - 4, 112, 8);
      g.fillStyle = '#86909c';
      for (let i = 0; i < 5; i++) g.fillRect(cx - 44 + i * 20 + rise * 16, ry - 10, 8, 6);
      g.fillStyle = '#4080ff';
      for (let i = 0; i < 4; i++) g.fillRect(cx - 90 + ((t * 30 + i * 14) % 40), 140, 8, 4);
    } else if (scene === 'cctv') {
      // Looking down a pipe: rings passing by, a crack coming up, the metre counter running.
      g.fillStyle = '#1b2533';
      g.beginPath();
      g.arc(cx, cy, 62, 0, Math.PI * 2);
      g.fill();
      g.strokeStyle = '#5b6b80';
      g.lineWidth = 2;
      for (let i = 0; i < 4; i++) {
        const r = 62 * ((t * 0.6 + i / 4) % 1) ** 2;
        g.beginPath();
        g.arc(cx, cy, r, 0, Math.PI * 2);
        g.stroke();
      }
      g.strokeStyle = '#f53f3f';
      g.lineWidth = 2;
      g.beginPath();
      g.moveTo(cx + 20, cy - 40);
      g.lineTo(cx + 28, cy - 22);
      g.lineTo(cx + 22, cy - 6);
      g.stroke();
      g.fillStyle = '#e8f3ff';
      g.font = `12px ${font}`;
      g.fillText(`${(12.4 + t * 1.8).toFixed(1)} m`, cx - 52, 168);
      g.fillText('DN600', cx + 20, 168);
    } else if (scene === 'valve') {
      // A gate valve: the handwheel turns, the gate rises, the gauge follows.
      g.fillStyle = '#3d4a5c';
      g.fillRect(cx - 70, 130, 140, 22);
      g.fillStyle = '#4080ff';
      const open = (Math.sin(t * 0.8) + 1) / 2;
      g.fillRect(cx - 70, 134, 140, 14);
      g.fillStyle = '#86909c';
      g.fillRect(cx - 14, 96 - open * 34, 28, 50);
      g.fillStyle = '#c9cdd4';
      g.fillRect(cx - 3, 50, 6, 50);
      g.save();
      g.translate(cx, 50);
      g.rotate(t * 2);
      g.strokeStyle = '#ff7d00';
      g.lineWidth = 4;
      g.beginPath();
      g.arc(0, 0, 18, 0, Math.PI * 2);
      g.stroke();
      for (let i = 0; i < 3; i++) {
        g.rotate((Math.PI * 2) / 3);
        g.beginPath();
        g.moveTo(0, 0);
        g.lineTo(0, 18);
        g.stroke();
      }
      g.restore();
      g.fillStyle = '#e8f3ff';
      g.font = `bold 13px ${font}`;
      g.fillText(`${Math.round(open * 100)}%`, cx + 40, 100);
    } else {
      g.strokeStyle = '#8fb3ff';
      g.lineWidth = 2;
      g.strokeRect(cx - 50, 40, 100, 130);
      const level = 0.3 + ((Math.sin(t * 0.9) + 1) / 2) * 0.5;
      g.fillStyle = '#4080ff';
      g.fillRect(cx - 49, 170 - level * 129, 98, level * 129);
      g.fillStyle = '#e8f3ff';
      g.font = `bold 13px ${font}`;
      g.fillText(`${(level * 4.5).toFixed(2)} m`, cx + 60, 100);
    }
    g.font = `12px ${font}`;
    steps.forEach((s, i) => {
      const active = Math.floor((t / seconds) * steps.length) === i;
      g.fillStyle = active ? '#ffffff' : '#6b7785';
      g.fillText(s, 222, 62 + i * 26);
    });
  }
  const stream = canvas.captureStream(15);
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 120_000 });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((resolve) => {
    recorder.onstop = resolve;
  });
  const start = performance.now();
  recorder.start(500);
  await new Promise((resolve) => {
    const tick = () => {
      const t = (performance.now() - start) / 1000;
      frame(t);
      if (t < seconds) requestAnimationFrame(tick);
      else resolve();
    };
    tick();
  });
  recorder.stop();
  await done;
  const raw = new Blob(chunks, { type: 'video/webm' });
  // MediaRecorder leaves the duration out: players then cannot seek. Write it in.
  const fixed = await window.ysFixWebmDuration(raw, seconds * 1000, { logger: false });
  const bytes = new Uint8Array(await fixed.arrayBuffer());
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><body style="margin:0"></body>');
  await page.addScriptTag({ content: await readFile(require.resolve('fix-webm-duration'), 'utf8') });
  for (const clip of clips) {
    if (!all && existsSync(path.join(out, clip.file))) continue;
    const base64 = await page.evaluate(record, { ...clip, seconds: 6 });
    const bytes = Buffer.from(base64, 'base64');
    await writeFile(path.join(out, clip.file), bytes);
    console.log(`${clip.file}: ${bytes.length} bytes`);
  }
} finally {
  await browser.close();
}
