/** Arco's Drawer names no role: screen readers (and tests by role) then cannot find it as a dialog. */
export function dialogAttributes(label: string): Record<string, string> {
  return { role: 'dialog', 'aria-modal': 'true', 'aria-label': label };
}
