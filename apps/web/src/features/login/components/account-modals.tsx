import { lazy, Suspense, useState } from 'react';
import { loadForgotPasswordModal, loadRegisterModal } from '../../account/public-lazy.ts';

// The account feature owns these modals. The sign-in screen composes them, loaded on first opening
// only, so they stay out of the chunk the sign-in screen needs to become interactive.
const ForgotPasswordModal = lazy(loadForgotPasswordModal);
const RegisterModal = lazy(loadRegisterModal);

export type AccountModalName = 'forgot' | 'register';

/** Each modal mounts on first opening, then stays mounted so it can animate closed. */
export function AccountModals({ open, onClose }: { open: AccountModalName | null; onClose: () => void }) {
  const [opened, setOpened] = useState<ReadonlySet<AccountModalName>>(new Set());
  if (open && !opened.has(open)) setOpened(new Set([...opened, open]));
  return (
    <Suspense fallback={null}>
      {opened.has('forgot') ? <ForgotPasswordModal visible={open === 'forgot'} onClose={onClose} /> : null}
      {opened.has('register') ? <RegisterModal visible={open === 'register'} onClose={onClose} /> : null}
    </Suspense>
  );
}
