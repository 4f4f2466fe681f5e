import { createHash, randomBytes, randomInt } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newNumericCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

// No 0/O, 1/I/l: a captcha should test attention, not eyesight.
const CAPTCHA_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function randomCaptchaText(size = 4): string {
  return Array.from({ length: size }, () => CAPTCHA_CHARS[randomInt(0, CAPTCHA_CHARS.length)]).join('');
}
