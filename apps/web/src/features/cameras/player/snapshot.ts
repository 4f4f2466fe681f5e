const pad = (n: number) => String(n).padStart(2, '0');

/** `<stem>-YYYYMMDD-HHmmss.png`, in the browser's local time. */
export function snapshotName(stem: string, at: Date = new Date()): string {
  const date = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  const safe = stem.replace(/[\\/:*?"<>|\s]+/g, '_') || 'camera';
  return `${safe}-${date}-${time}.png`;
}

export type SnapshotResult = { ok: true; name: string } | { ok: false; problem: 'noFrame' | 'tainted' | 'failed' };

/** Hands a Blob to the browser as a download (an object URL on an <a download>). */
export function saveBlob(blob: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the file over by then.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

/**
 * Draws the video's current frame on a canvas and downloads it as a PNG. A cross-origin stream
 * served without CORS taints the canvas: the browser then refuses to read it (`tainted`).
 */
export async function takeSnapshot(video: HTMLVideoElement, stem: string): Promise<SnapshotResult> {
  if (!video.videoWidth || !video.videoHeight) return { ok: false, problem: 'noFrame' };
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) return { ok: false, problem: 'failed' };
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  let blob: Blob | null;
  try {
    blob = await new Promise<Blob | null>((resolve, reject) => {
      try {
        canvas.toBlob(resolve, 'image/png');
      } catch (err) {
        reject(err);
      }
    });
  } catch (err) {
    return { ok: false, problem: err instanceof DOMException && err.name === 'SecurityError' ? 'tainted' : 'failed' };
  }
  if (!blob) return { ok: false, problem: 'failed' };
  const name = snapshotName(stem);
  saveBlob(blob, name);
  return { ok: true, name };
}
