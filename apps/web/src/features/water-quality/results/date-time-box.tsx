import { DatePicker } from '@arco-design/web-react';

/** The date and time of sampling, as the contract's ISO time; a sample is not taken in the future. */
export function DateTimeBox({
  value,
  onChange,
  label,
}: {
  value?: string;
  onChange?: (iso: string | undefined) => void;
  label: string;
}) {
  return (
    <DatePicker
      style={{ width: '100%' }}
      inputProps={{ 'aria-label': label }}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={value ? new Date(value) : undefined}
      disabledDate={(current) => current.toDate().getTime() > Date.now()}
      onChange={(_text, date) => onChange?.(date ? date.toDate().toISOString() : undefined)}
    />
  );
}
