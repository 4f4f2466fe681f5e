import { Button, Input, Tooltip } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import './captcha-input.css';

export interface CaptchaInputProps {
  value?: string;
  onChange?: (value: string) => void;
  /** The captcha picture (a data: URL); null while it loads or when it failed. */
  image: string | null;
  failed: boolean;
  onRefresh: () => void;
  labels: { input: string; placeholder: string; image: string; refresh: string; failed: string };
  /** An icon before the characters (the sign-in form's look). */
  prefix?: ReactNode;
  name?: string;
  /** The picture's size: 110 × 36 beside the sign-in form's inputs, 120 × 40 in a dialog. */
  size?: 'default' | 'large';
}

/**
 * The captcha's characters, its picture and a new-picture button, as one form control (so the
 * form shows its error under all three): the sign-in form and the password-reset dialog.
 */
export function CaptchaInput({
  value,
  onChange,
  image,
  failed,
  onRefresh,
  labels,
  prefix,
  name,
  size = 'default',
}: CaptchaInputProps) {
  return (
    <div className={`captcha-input captcha-input--${size}`}>
      <Input
        name={name}
        aria-label={labels.input}
        prefix={prefix}
        placeholder={labels.placeholder}
        autoComplete="off"
        maxLength={16}
        value={value ?? ''}
        onChange={(next) => onChange?.(next)}
      />
      {image ? (
        <img className="captcha-input__image" src={image} alt={labels.image} />
      ) : failed ? (
        <span className="captcha-input__failed">{labels.failed}</span>
      ) : null}
      <Tooltip content={labels.refresh}>
        <Button aria-label={labels.refresh} icon={<IconRefresh />} onClick={onRefresh} />
      </Tooltip>
    </div>
  );
}
