/**
 * What other features may mount of the account feature, as loaders: this file imports nothing
 * statically, so the sign-in screen that reads it loads the modals on first opening only.
 */
export const loadForgotPasswordModal = () =>
  import('./components/forgot-password-modal.tsx').then((m) => ({ default: m.ForgotPasswordModal }));

export const loadRegisterModal = () =>
  import('./components/register-modal.tsx').then((m) => ({ default: m.RegisterModal }));
