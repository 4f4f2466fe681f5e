import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';
import { pageOf, pageQuerySchema } from './common/pagination.ts';
import { idSchema, phoneSchema, plainText, text } from './common/validation.ts';

const tags = ['account'] as const;

/** 8–64 characters with at least one letter and one digit. */
export const passwordSchema = z
  .string()
  .min(8, { error: 'validation.passwordWeak' })
  .max(64, { error: 'validation.passwordWeak' })
  .regex(/[A-Za-z]/, { error: 'validation.passwordWeak' })
  .regex(/\d/, { error: 'validation.passwordWeak' });

export const usernameSchema = text(64)
  .min(2, { error: 'validation.username' })
  .regex(/^[\w.@-]+$/, { error: 'validation.username' });

export const switchRoleBodySchema = z.object({ role: text(64).min(1) });

export const registerBodySchema = z.object({
  username: usernameSchema,
  displayName: plainText(32).min(1, { error: 'validation.required' }),
  phone: phoneSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const resetPasswordBodySchema = z.object({
  phone: phoneSchema,
  ticket: z.string().min(20).max(100).describe('from POST /user/sms action verify'),
  password: passwordSchema,
});

export const profileSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  phone: z.string(),
  email: z.string(),
  avatar: z.string(),
  job: z.string(),
  jobName: z.string(),
  location: z.string(),
  locationName: z.string(),
  introduction: z.string(),
  personalWebsite: z.string(),
  enterpriseName: z.string(),
  departmentName: z.string(),
  roles: z.array(z.object({ code: z.string(), name: z.string() })),
  registrationDate: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

const urlOrEmpty = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'validation.url' }).max(200)]);
export const profileUpdateSchema = z.object({
  displayName: plainText(32).min(1, { error: 'validation.required' }),
  email: z.union([z.literal(''), z.email({ error: 'validation.email' }).max(100)]),
  jobName: plainText(32),
  locationName: plainText(64),
  introduction: plainText(500),
  personalWebsite: urlOrEmpty,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const changePasswordBodySchema = z.object({
  oldPassword: z.string().min(1, { error: 'validation.required' }).max(128),
  newPassword: passwordSchema,
});

export const loginHistoryItemSchema = z.object({
  id: z.number().int(),
  time: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  success: z.boolean(),
  reason: z.string().describe('empty on success; bad_credentials, locked, disabled, captcha_missing, captcha_wrong'),
});

export const sessionItemSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  current: z.boolean(),
});

export const idParamsSchema = z.object({ id: idSchema });

/** Largest avatar image accepted, bytes. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const accountApi = {
  switchRole: endpoint({
    method: 'POST',
    path: '/user/switch-role',
    summary: 'Make another of the roles the user holds the active one for this session',
    tags,
    body: switchRoleBodySchema,
    data: z.object({ role: z.string() }),
  }),
  register: endpoint({
    method: 'POST',
    path: '/user/register',
    summary: 'Ask for an account: it is created disabled, for an administrator to enable',
    tags,
    body: registerBodySchema,
    data: z.object({ status: z.literal('disabled') }),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/user/password/reset',
    summary: 'Set a new password with the ticket of a verified SMS code',
    tags,
    body: resetPasswordBodySchema,
    data: z.null(),
  }),
  profile: endpoint({
    method: 'GET',
    path: '/user/profile',
    summary: "The signed-in user's own profile",
    tags,
    data: profileSchema,
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/user/profile',
    summary: "Edit the signed-in user's own profile",
    tags,
    body: profileUpdateSchema,
    data: profileSchema,
  }),
  uploadAvatar: endpoint({
    method: 'POST',
    path: '/user/avatar',
    summary: 'Upload an avatar (multipart field `file`: PNG, JPEG or WebP, at most 2 MiB)',
    tags,
    data: z.object({ avatar: z.string().describe('URL the avatar is served at') }),
    upload: true,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/user/password',
    summary: 'Change the own password (the old one is required); other sessions end',
    tags,
    body: changePasswordBodySchema,
    data: z.null(),
  }),
  loginHistory: endpoint({
    method: 'GET',
    path: '/user/login-history',
    summary: "The signed-in user's own sign-in attempts, newest first",
    tags,
    query: pageQuerySchema,
    data: pageOf(loginHistoryItemSchema),
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/user/sessions',
    summary: "The signed-in user's live sessions",
    tags,
    data: z.array(sessionItemSchema),
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/user/sessions/:id',
    summary: 'End one of the own sessions',
    tags,
    params: idParamsSchema,
    data: z.null(),
  }),
} as const;
