import type { MessageKey } from './messages.ts';

/** English texts; the same keys as zh-CN.ts (a test fails when either lacks one). */
export const enUS = {
  'app.name': 'Water Ops Console',
  'app.foundation.tag': 'Platform foundation',
  'app.foundation.intro':
    'This is the platform foundation page: it shows that the server, the database and sign-in work end to end. The full console (navigation menu, workplace and the business modules) comes in a later release.',

  'language.label': 'Interface language',
  'language.zh-CN': '简体中文',
  'language.en-US': 'English',
  'theme.toDark': 'Switch to dark theme',
  'theme.toLight': 'Switch to light theme',

  'status.title': 'Server status',
  'status.refresh': 'Refresh',
  'status.checking': 'Checking',
  'status.ready': 'Ready',
  'status.unavailable': 'Unavailable',
  'status.unreachable': 'Cannot reach the server',
  'status.service': 'Service',
  'status.database': 'Database',
  'status.database.pglite': 'Embedded PGlite',
  'status.database.postgres': 'PostgreSQL server',
  'status.checkedAt': 'Checked at',
  'status.apiDocs': 'API documentation',

  'signIn.title': 'Sign in',
  'signIn.username': 'Username',
  'signIn.username.placeholder': 'Username or mobile number',
  'signIn.username.required': 'Username cannot be empty',
  'signIn.password': 'Password',
  'signIn.password.placeholder': 'Enter your password',
  'signIn.password.required': 'Password cannot be empty',
  'signIn.submit': 'Sign in',
  'signIn.failed': 'Login error, refresh and try again',
  'signIn.welcome': 'Welcome to use',
  'signIn.signedIn': 'Signed in; the token is kept in this browser.',
  'signIn.signOut': 'Sign out',
} as const satisfies Record<MessageKey, string>;
