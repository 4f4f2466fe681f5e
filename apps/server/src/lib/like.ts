/** `%x%` for ILIKE with the user's own % and _ (and the escape \) taken literally. */
export const containing = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;
