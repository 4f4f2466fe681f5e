import type { Locale } from '@water/contracts/common/locale';
import { formatDateTime as format } from '../../shared/lib/format-date-time.ts';

/** Account pages show times to the second: sign-ins and sessions are told apart by them. */
export const formatDateTime = (value: string | null | undefined, locale: Locale) =>
  format(value, locale, { seconds: true });
