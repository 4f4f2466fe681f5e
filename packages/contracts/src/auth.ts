import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';
import { phoneSchema, text } from './common/validation.ts';

const tags = ['auth'] as const;

// Username and password may arrive empty: the spec wants code 50000 with its own message then,
// so emptiness is judged by the handler, not by the schema.
export const loginBodySchema = z.object({
  username: text(64).default(''),
  password: z.string().max(128, { error: 'validation.tooLong' }).default(''),
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(16).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginDataSchema = z.object({
  token: z.string(),
  expiresAt: z.string().describe('ISO time the session expires unless used'),
});

/** On a failed login `data` tells the console whether the next try needs a captcha. */
export const loginFailureDataSchema = z.object({ captchaRequired: z.boolean() });

export const captchaQuerySchema = z.object({ username: text(64).optional() });
export const captchaDataSchema = z.object({
  captchaId: z.string(),
  image: z.string().describe('data: URL of a PNG image'),
  expiresAt: z.string(),
  required: z.boolean().describe('whether the next login from here must carry this captcha'),
});

export const SMS_PURPOSES = ['reset-password'] as const;
export const smsCodeSchema = z.string().regex(/^\d{6}$/, { error: 'validation.smsCode' });
export const smsBodySchema = z.discriminatedUnion('action', [
  // Sending costs money (the prepaid SMS account): only with a solved captcha (issue 12).
  z.object({
    action: z.literal('send'),
    phone: phoneSchema,
    purpose: z.enum(SMS_PURPOSES),
    captchaId: z.string().max(64),
    captchaCode: z.string().trim().min(1, { error: 'validation.required' }).max(16, { error: 'validation.tooLong' }),
  }),
  z.object({
    action: z.literal('verify'),
    phone: phoneSchema,
    purpose: z.enum(SMS_PURPOSES),
    code: smsCodeSchema,
  }),
]);
export type SmsBody = z.infer<typeof smsBodySchema>;
export const smsDataSchema = z.union([
  z.object({ sent: z.literal(true), expiresIn: z.number().int(), resendAfter: z.number().int() }),
  z.object({
    verified: z.literal(true),
    ticket: z.string().describe('single-use proof of the verified code, for the next step'),
    expiresIn: z.number().int(),
  }),
]);

export const roleRefSchema = z.object({ code: z.string(), name: z.string() });

/** The user fields of spec §3, plus what the console needs to gate buttons. */
export const roleInfoSchema = z.object({
  name: z.string(),
  avatar: z.string(),
  job: z.string(),
  organization: z.string(),
  location: z.string(),
  email: z.string(),
  introduction: z.string(),
  personalWebsite: z.string(),
  jobName: z.string(),
  organizationName: z.string(),
  locationName: z.string(),
  phone: z.string(),
  registrationDate: z.string(),
  accountId: z.string(),
  certification: z.number().int(),
  role: z.string().describe('code of the active role'),
  roles: z.array(roleRefSchema).describe('every role the user holds'),
  menus: z.array(z.string()).describe('route names the active role may open'),
  permissions: z.array(z.string()).describe('button permission strings of the active role'),
  userInfos: z.object({
    userId: z.number().int(),
    username: z.string(),
    enterpriseId: z.number().int().nullable(),
    departmentId: z.number().int().nullable(),
    mustChangePassword: z.boolean(),
  }),
});
export type RoleInfo = z.infer<typeof roleInfoSchema>;

export const MENU_TYPES = ['directory', 'menu', 'button'] as const;
export type MenuType = (typeof MENU_TYPES)[number];

export const menuMetaSchema = z.object({
  locale: z.string(),
  title: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
  requiresAuth: z.boolean(),
  icon: z.string().optional(),
  order: z.number().int(),
  hideInMenu: z.boolean(),
  ignoreCache: z.boolean(),
  roles: z.array(z.string()),
  permission: z.string().optional(),
  externalLink: z.string().optional(),
});

export interface MenuNode {
  id: number;
  type: MenuType;
  path: string;
  name: string;
  meta: z.infer<typeof menuMetaSchema>;
  children: MenuNode[];
}
export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    type: z.enum(MENU_TYPES),
    path: z.string(),
    name: z.string(),
    meta: menuMetaSchema,
    children: z.array(menuNodeSchema),
  }),
);

export const authApi = {
  login: endpoint({
    method: 'POST',
    path: '/user/login',
    summary: 'Sign in with username (or phone) and password; returns a bearer token',
    tags,
    body: loginBodySchema,
    data: loginDataSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/user/logout',
    summary: 'Revoke the current session',
    tags,
    data: z.null(),
  }),
  captcha: endpoint({
    method: 'GET',
    path: '/user/pc/captcha',
    summary: 'A single-use image captcha, and whether login from here currently needs one',
    tags,
    query: captchaQuerySchema,
    data: captchaDataSchema,
  }),
  sms: endpoint({
    method: 'POST',
    path: '/user/sms',
    summary: 'Send an SMS code to a phone, or verify one',
    tags,
    body: smsBodySchema,
    data: smsDataSchema,
  }),
  roleInfo: endpoint({
    method: 'GET',
    path: '/v1/remote/users/role-info',
    summary: 'The signed-in user and the active role',
    tags,
    data: roleInfoSchema,
  }),
  menusTree: endpoint({
    method: 'GET',
    path: '/v1/roles/menusTree',
    summary: "The active role's menu tree (directories, menus and buttons)",
    tags,
    data: z.array(menuNodeSchema),
  }),
  serverMenu: endpoint({
    method: 'POST',
    path: '/user/menu',
    summary: 'The server menu (directories and menus) used when menuFromServer is on',
    tags,
    data: z.array(menuNodeSchema),
  }),
} as const;
