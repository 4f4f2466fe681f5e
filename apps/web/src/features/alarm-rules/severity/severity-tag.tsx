import { Select, Tag } from '@arco-design/web-react';
import { ALARM_SEVERITIES, type AlarmSeverity } from '@water/contracts';
import { useCallback } from 'react';
import { createFeatureI18n } from '../../../shared/i18n/feature-i18n.ts';
import { severityEnUS } from './locale/severity-en-US.ts';
import { severityZhCN } from './locale/severity-zh-CN.ts';
import { ALARM_SEVERITY_COLORS } from './severity-colors.ts';

const useSeverityI18n = createFeatureI18n<keyof typeof severityZhCN>({ 'zh-CN': severityZhCN, 'en-US': severityEnUS });

/** A severity's name in the console's language: 严重 / Critical … 提示 / Info. */
export function useSeverityText(): (severity: AlarmSeverity) => string {
  const { t } = useSeverityI18n();
  return useCallback((severity: AlarmSeverity) => t(`severity.${severity}`), [t]);
}

/** A severity as its coloured tag, the same on every alarm screen. */
export function SeverityTag({ severity, size = 'small' }: { severity: AlarmSeverity; size?: 'small' | 'default' }) {
  const text = useSeverityText();
  return (
    <Tag size={size} color={ALARM_SEVERITY_COLORS[severity]} bordered>
      {text(severity)}
    </Tag>
  );
}

/** A list's severity filter: every severity by name, most urgent first; cleared, all of them. */
export function SeveritySelect({
  label,
  placeholder,
  value,
  onChange,
  className = 'list-page__select',
}: {
  label: string;
  placeholder: string;
  value: AlarmSeverity | undefined;
  onChange: (severity: AlarmSeverity | undefined) => void;
  className?: string;
}) {
  const text = useSeverityText();
  return (
    <Select
      className={className}
      aria-label={label}
      placeholder={placeholder}
      allowClear
      value={value}
      onChange={onChange}
      options={ALARM_SEVERITIES.map((s) => ({ label: text(s), value: s }))}
    />
  );
}
