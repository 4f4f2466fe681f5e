import { Form, InputNumber, Select, Switch } from '@arco-design/web-react';
import { ALARM_SEVERITIES, type Locale } from '@water/contracts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { SeverityTag } from '../severity/severity-tag.tsx';

// What both rule drawers and both rule lists show alike.

/** An on/off field of a rule (enabled, SMS, a part switched on), with its hint. */
export function SwitchField({ field, label, extra }: { field: string; label: string; extra?: string }) {
  return (
    <Form.Item label={label} field={field} triggerPropName="checked" extra={extra}>
      <Switch aria-label={label} />
    </Form.Item>
  );
}

/** The rule's severity, each as its coloured tag. */
export function SeverityField({ label }: { label: string }) {
  return (
    <Form.Item label={label} field="severity" required>
      <Select
        aria-label={label}
        options={ALARM_SEVERITIES.map((s) => ({ label: <SeverityTag severity={s} />, value: s }))}
      />
    </Form.Item>
  );
}

/** A whole number of minutes (or seconds, times) with its unit after it. */
export function CountBox({
  label,
  unit,
  prefix,
  min,
  max,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  unit: string;
  /** Words before the number ("within"). */
  prefix?: string;
  min: number;
  max?: number;
  placeholder?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
}) {
  return (
    <InputNumber
      aria-label={label}
      min={min}
      max={max}
      precision={0}
      placeholder={placeholder}
      prefix={prefix}
      suffix={unit}
      value={value}
      onChange={onChange}
    />
  );
}

/** A count that wants attention when above nought (active alarms, devices offline now). */
export function AttentionCount({ n }: { n: number }) {
  return n > 0 ? <strong className="alarm-rules-active">{n}</strong> : <span className="list-page__muted">0</span>;
}

/** The update time, offered in the column chooser. */
export function updatedAtColumn<T extends { updatedAt: string }>(title: string, locale: Locale): ListColumn<T> {
  return {
    key: 'updatedAt',
    choice: 'hidden',
    title,
    dataIndex: 'updatedAt',
    width: 150,
    render: (_, row) => <span className="list-page__nowrap">{formatDateTime(row.updatedAt, locale)}</span>,
  };
}
