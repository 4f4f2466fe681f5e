import { Tag } from '@arco-design/web-react';
import type { WqApplied, WqVerdict } from '@water/contracts';
import type { WqCommonI18n } from '../common/use-wq-i18n.ts';
import { formatLimit, gradeName, VERDICT_COLOR, verdictName } from '../common/wq-format.ts';

/** A verdict as its tag: red beyond the limit, green within it, grey unjudged (with its reason on hover). */
export function VerdictTag({
  verdict,
  reason,
  i18n,
}: {
  verdict: WqVerdict;
  /** Why it is unjudged, shown on hover. */
  reason?: WqApplied['unjudgedReason'];
  i18n: WqCommonI18n;
}) {
  return (
    <Tag
      size="small"
      color={VERDICT_COLOR[verdict]}
      bordered
      title={verdict === 'unjudged' && reason ? i18n.t(`wq.unjudged.${reason}`) : undefined}
    >
      {verdictName(verdict, i18n.locale)}
    </Tag>
  );
}

/**
 * The limit a judgement applied, in words: "6–9", "≤5", the target class first in a graded set
 * ("III类 ≤1"). Empty without a bound.
 */
export function appliedLimitText(
  applied: Pick<WqApplied, 'lower' | 'upper' | 'targetGrade'>,
  i18n: WqCommonI18n,
): string {
  if (applied.lower === null && applied.upper === null) return '';
  const limit = formatLimit({ lower: applied.lower, upper: applied.upper }, i18n);
  return applied.targetGrade === null ? limit : `${gradeName(applied.targetGrade, i18n.locale)} ${limit}`;
}
