import { useEffect } from 'react';
import { createStore, useStore } from '../../shared/lib/create-store.ts';
import { useRoleInfo } from '../../shared/session/session-queries.ts';

/**
 * The critical-alarm sound: two short tones made with the Web Audio API (no file to download), and
 * each user's choice to mute it, kept in this browser (a control-room workstation has several operators).
 */

const storageKey = (userId: number) => `water-ops:alarm-sound-muted:${userId}`;

function readMuted(userId: number): boolean {
  try {
    return localStorage.getItem(storageKey(userId)) === '1';
  } catch {
    return false;
  }
}

/** The signed-in user, and whether they muted the sound. */
const soundStore = createStore<{ userId: number; muted: boolean }>({ userId: 0, muted: false });

export function isAlarmSoundMuted(): boolean {
  return soundStore.get().muted;
}

export function setAlarmSoundMuted(muted: boolean): void {
  const { userId } = soundStore.get();
  soundStore.set({ userId, muted });
  try {
    if (muted) localStorage.setItem(storageKey(userId), '1');
    else localStorage.removeItem(storageKey(userId));
  } catch {
    // Storage refused: the choice holds for this visit.
  }
}

/** Whether the signed-in user muted the sound, read from their kept choice when they change. */
export function useAlarmSoundMuted(): boolean {
  const userId = useRoleInfo()?.userInfos?.userId ?? 0;
  useEffect(() => {
    const muted = readMuted(userId);
    const now = soundStore.get();
    if (now.userId !== userId || now.muted !== muted) soundStore.set({ userId, muted });
  }, [userId]);
  return useStore(soundStore, (s) => s.muted);
}

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const Ctor: AudioContextClass | undefined =
    globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctor) return null;
  if (!context || !(context instanceof Ctor)) context = new Ctor();
  return context;
}

// Browsers keep an audio context made without a user gesture suspended: the first click or key on
// the page lets it play, so an alarm arriving later is heard.
if (typeof document !== 'undefined') {
  const unlock = () => {
    const ctx = audioContext();
    if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
    document.removeEventListener('pointerdown', unlock);
    document.removeEventListener('keydown', unlock);
  };
  document.addEventListener('pointerdown', unlock);
  document.addEventListener('keydown', unlock);
}

/** The tones: high then low, twice, 0.18 s each; loud enough over a control room, not shrill. */
const TONES = [880, 660, 880, 660];
const TONE_S = 0.18;

/** Plays the two-tone beep (unless the browser refuses audio). */
export function playAlarmBeep(): void {
  const ctx = audioContext();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime + 0.02;
  TONES.forEach((frequency, i) => {
    const at = start + i * (TONE_S + 0.04);
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, at);
    // A short ramp in and out: a hard edge clicks.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + TONE_S);
    oscillator.connect(gain);
    gain.connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + TONE_S + 0.02);
  });
}
