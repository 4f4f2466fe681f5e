/**
 * What other features may import of the alarm rules: the severity colours and tag, so that every
 * alarm screen colours and names a severity the same way.
 */
export { ALARM_SEVERITY_COLORS, ALARM_SEVERITY_HEX } from './severity/severity-colors.ts';
export { SeveritySelect, SeverityTag, useSeverityText } from './severity/severity-tag.tsx';
