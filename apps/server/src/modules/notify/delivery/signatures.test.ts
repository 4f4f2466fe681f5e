import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dingtalkSign, dingtalkSignedUrl, feishuSign, webhookSignature } from './signatures.ts';

/**
 * The robots' signatures against their providers' documented examples. The expected values were
 * computed with the providers' own reference code, run on fixed inputs:
 *  - DingTalk (open.dingtalk.com, custom robot "加签"): the Python 3.8 example,
 *    `hmac.new(secret, f"{timestamp}\n{secret}", sha256)` → base64 → `urllib.parse.quote_plus`, and
 *    the Java example (`Mac.init(secret)`, `doFinal(timestamp + "\n" + secret)`, `URLEncoder.encode`).
 *    1700000000000 / "secret" is also the published test vector of an independent client (the
 *    `dingding` crate): OuzzJR5%2BxZ4%2FEYwqtNt6sMYZQMTa%2FHEGvc9miJe7XzY%3D.
 *  - Feishu (open.feishu.cn, custom bot "签名校验"): the Python 3.9 example,
 *    `hmac.new(f"{timestamp}\n{secret}", b"", sha256)` → base64, and the Java example
 *    (`Mac.init(timestamp + "\n" + secret)`, `doFinal(new byte[]{})`).
 * Swapping key and data, seconds for milliseconds, or dropping the URL encoding changes each value.
 */
describe('robot signatures, as the providers document them', () => {
  it('DingTalk: HmacSHA256(key = secret, data = timestamp + "\\n" + secret), Base64, URL-encoded', () => {
    expect(dingtalkSign(1_700_000_000_000, 'secret')).toBe('OuzzJR5%2BxZ4%2FEYwqtNt6sMYZQMTa%2FHEGvc9miJe7XzY%3D');
    expect(dingtalkSign(1_577_262_236_757, 'SEC1234567890abcdef')).toBe(
      'f7qQ1A8KagEZ45y1gasTtKsEq5ERTeDXP9T%2BWkIqzDk%3D',
    );
  });

  it('DingTalk: the timestamp (ms) and sign are added to the robot URL, its access token kept', () => {
    const url = dingtalkSignedUrl(
      'https://oapi.dingtalk.com/robot/send?access_token=abc123',
      1_700_000_000_000,
      'secret',
    );
    expect(url).toBe(
      'https://oapi.dingtalk.com/robot/send?access_token=abc123&timestamp=1700000000000&sign=OuzzJR5%2BxZ4%2FEYwqtNt6sMYZQMTa%2FHEGvc9miJe7XzY%3D',
    );
    // Decoded once, as the robot's server reads the query, it is the Base64 signature.
    expect(new URL(url).searchParams.get('sign')).toBe('OuzzJR5+xZ4/EYwqtNt6sMYZQMTa/HEGvc9miJe7XzY=');
    // Without a secret (a robot secured by keywords or IPs) the URL is left alone.
    expect(dingtalkSignedUrl('https://oapi.dingtalk.com/robot/send?access_token=abc123', 1, '')).toBe(
      'https://oapi.dingtalk.com/robot/send?access_token=abc123',
    );
  });

  it('Feishu: HmacSHA256(key = timestamp + "\\n" + secret, data = empty), Base64, the timestamp in seconds', () => {
    expect(feishuSign(1_599_360_473, 'demo-secret')).toBe('3/MaVZ8JLIy4TUG+7KSFJqvUkTKd+HWY8g+56DZWq8s=');
    expect(feishuSign(1_700_000_000, 'SEC-feishu-1')).toBe('GfeHCt4WkTELSeOhHfvP5lLZFb7KZCqchMezXitRqMs=');
    // DingTalk's order (key = secret) gives another value: the two are not interchangeable.
    expect(feishuSign(1_599_360_473, 'demo-secret')).not.toBe('+y4hoW+2wrJQJ+Ccwm+K1OKBY3kTQ7fsX6PjcCKo06U=');
    expect(createHmac('sha256', 'demo-secret').update('1599360473\ndemo-secret').digest('base64')).toBe(
      '+y4hoW+2wrJQJ+Ccwm+K1OKBY3kTQ7fsX6PjcCKo06U=',
    );
  });

  it('our webhook: t=<unix seconds>,v1=<hex HmacSHA256(secret, "<t>.<raw body>")>', () => {
    // Computed with Python's hmac.new(b"whsec-test", b'1700000000.{"id":"p1:u1:webhook"}', sha256).hexdigest().
    expect(webhookSignature(1_700_000_000, '{"id":"p1:u1:webhook"}', 'whsec-test')).toBe(
      't=1700000000,v1=a0b53655ced18907a7c02a7c6d9a942c7b20217a6568b3c85006faaf266c9082',
    );
    // One byte of the body changed, the signature does not match.
    expect(webhookSignature(1_700_000_000, '{"id":"p1:u1:webhook" }', 'whsec-test')).not.toContain('a0b53655');
  });
});
