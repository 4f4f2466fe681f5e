/**
 * Permission strings, RuoYi style (`module:entity:action`). Roles receive them through the
 * button entries of their menu tree; `*:*:*` grants everything (the admin role).
 */
export const ALL_PERMISSIONS = '*:*:*';

export const Permissions = {
  systemEnterpriseList: 'system:enterprise:list',
  systemEnterpriseWrite: 'system:enterprise:write',
  systemDeptWrite: 'system:dept:write',
  systemMemberList: 'system:member:list',
  systemMemberWrite: 'system:member:write',
  systemUserList: 'system:user:list',
  systemUserWrite: 'system:user:write',
  systemRoleList: 'system:role:list',
  systemRoleWrite: 'system:role:write',
  systemMenuList: 'system:menu:list',
  systemMenuWrite: 'system:menu:write',
  systemLogList: 'system:log:list',
  systemLogWrite: 'system:log:write',
  systemSmsOutbox: 'system:sms:outbox',
  noticeWrite: 'message:notice:write',
  deviceTypeWrite: 'device:type:write',
  regionWrite: 'device:region:write',
  deviceWrite: 'device:device:write',
  contentWrite: 'content:item:write',
  smsAccountWrite: 'system:sms:account',
  telemetryStats: 'device:telemetry:stats',
  pumpStationWrite: 'pump:station:write',
  systemSettingWrite: 'system:setting:write',
  /** See alarms (the active list, the records, the navbar count). */
  alarmView: 'alarm:view',
  /** Acknowledge, clear, shelve, assign and comment on alarms. */
  alarmHandle: 'alarm:handle',
  /** Write alarm rules and offline rules. */
  alarmRuleWrite: 'alarm:rule:write',
  /** See message templates, channels and the push log. */
  notifyView: 'notify:view',
  /** Edit message templates and channel settings. */
  notifyTemplateWrite: 'notify:template:write',
  /** Push messages; resend and cancel pushes. */
  notifyPush: 'notify:push',
  /** Command pumps (start, stop, set frequency, reset, mode) within the role's regions. */
  pumpControl: 'pump:control',
  /** Approve or refuse another person's pump command at a four-eyes station. */
  pumpApprove: 'pump:approve',
  /** Enter, correct, delete and import lab results (water quality). */
  waterResultWrite: 'water:result:write',
  /** Water-quality sites, limit sets (local copies) and parameters' detection limits. */
  waterConfigWrite: 'water:config:write',
  /** Register, change, disable and delete cameras; video platform accounts. */
  cameraWrite: 'video:camera:write',
  /** Pan, tilt and zoom cameras. */
  cameraPtz: 'video:camera:ptz',
  /** Create and revoke public links to a camera. */
  cameraShare: 'video:camera:share',
} as const;
export type Permission = (typeof Permissions)[keyof typeof Permissions];

export const ROLE_ADMIN = 'admin';
export const ROLE_USER = 'user';
