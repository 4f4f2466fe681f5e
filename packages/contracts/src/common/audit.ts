import type { Locale } from './locale.ts';

/**
 * What the operation log records, in words: every module and action a server route may audit.
 * A route's audit entry is typed by these (apps/server/src/types.ts), so a new action cannot
 * reach the log without its name in both languages; the console's log screen and the server's
 * export both read this one table.
 */
export const auditModuleNames = {
  account: { 'zh-CN': '个人中心', 'en-US': 'Account' },
  alarms: { 'zh-CN': '告警', 'en-US': 'Alarms' },
  'alarm-rules': { 'zh-CN': '告警规则', 'en-US': 'Alarm rules' },
  auth: { 'zh-CN': '登录与会话', 'en-US': 'Sign-in and sessions' },
  cameras: { 'zh-CN': '视频监控', 'en-US': 'Cameras' },
  content: { 'zh-CN': '内容库', 'en-US': 'Content library' },
  'device-archives': { 'zh-CN': '设备档案', 'en-US': 'Device archives' },
  'device-types': { 'zh-CN': '设备类型', 'en-US': 'Device types' },
  devices: { 'zh-CN': '设备', 'en-US': 'Devices' },
  logs: { 'zh-CN': '日志', 'en-US': 'Logs' },
  menus: { 'zh-CN': '菜单', 'en-US': 'Menus' },
  messages: { 'zh-CN': '消息', 'en-US': 'Messages' },
  notices: { 'zh-CN': '公告', 'en-US': 'Notices' },
  'notify-templates': { 'zh-CN': '消息模板', 'en-US': 'Message templates' },
  'notify-channels': { 'zh-CN': '消息渠道', 'en-US': 'Message channels' },
  'notify-pushes': { 'zh-CN': '消息推送', 'en-US': 'Message push' },
  organization: { 'zh-CN': '组织机构', 'en-US': 'Organisation' },
  'pump-stations': { 'zh-CN': '泵站配置', 'en-US': 'Pump-station setup' },
  'pump-control': { 'zh-CN': '泵站控制', 'en-US': 'Pump control' },
  'station-analysis': { 'zh-CN': '泵站分析', 'en-US': 'Station analysis' },
  regions: { 'zh-CN': '监测区域', 'en-US': 'Monitoring regions' },
  roles: { 'zh-CN': '角色', 'en-US': 'Roles' },
  system: { 'zh-CN': '系统', 'en-US': 'System' },
  users: { 'zh-CN': '用户', 'en-US': 'Users' },
  'water-quality': { 'zh-CN': '水质监测', 'en-US': 'Water quality' },
  workplace: { 'zh-CN': '工作台', 'en-US': 'Workplace' },
} as const satisfies Record<string, Record<Locale, string>>;
export type AuditModule = keyof typeof auditModuleNames;

export const auditActionNames = {
  create: { 'zh-CN': '新增', 'en-US': 'Create' },
  update: { 'zh-CN': '修改', 'en-US': 'Update' },
  delete: { 'zh-CN': '删除', 'en-US': 'Delete' },
  import: { 'zh-CN': '导入', 'en-US': 'Import' },
  archive: { 'zh-CN': '归档', 'en-US': 'Archive' },
  attach: { 'zh-CN': '添加附件', 'en-US': 'Attach a file' },
  detach: { 'zh-CN': '删除附件', 'en-US': 'Remove a file' },
  'photo-add': { 'zh-CN': '添加照片', 'en-US': 'Add a photo' },
  'photo-remove': { 'zh-CN': '删除照片', 'en-US': 'Remove a photo' },
  upload: { 'zh-CN': '上传文件', 'en-US': 'Upload a file' },
  'upload-avatar': { 'zh-CN': '上传头像', 'en-US': 'Upload an avatar' },
  'update-profile': { 'zh-CN': '修改个人资料', 'en-US': 'Update the profile' },
  'change-password': { 'zh-CN': '修改密码', 'en-US': 'Change the password' },
  'reset-password': { 'zh-CN': '重置密码', 'en-US': 'Reset a password' },
  register: { 'zh-CN': '注册账号', 'en-US': 'Register' },
  enable: { 'zh-CN': '启用账号', 'en-US': 'Enable an account' },
  status: { 'zh-CN': '启用或停用', 'en-US': 'Enable or disable' },
  'rotate-secret': { 'zh-CN': '更换接入密钥', 'en-US': 'New ingest secret' },
  'switch-role': { 'zh-CN': '切换角色', 'en-US': 'Switch role' },
  logout: { 'zh-CN': '退出登录', 'en-US': 'Sign out' },
  sms: { 'zh-CN': '短信验证码', 'en-US': 'SMS code' },
  read: { 'zh-CN': '标为已读', 'en-US': 'Mark read' },
  'read-all': { 'zh-CN': '全部标为已读', 'en-US': 'Mark all read' },
  publish: { 'zh-CN': '发布', 'en-US': 'Publish' },
  withdraw: { 'zh-CN': '撤回', 'en-US': 'Withdraw' },
  'end-session': { 'zh-CN': '结束会话', 'en-US': 'End a session' },
  'quick-operations': { 'zh-CN': '设置快捷操作', 'en-US': 'Set quick operations' },
  'sms-topup': { 'zh-CN': '短信充值', 'en-US': 'SMS top-up' },
  'sms-settings': { 'zh-CN': '短信设置', 'en-US': 'SMS settings' },
  retention: { 'zh-CN': '设置保留期', 'en-US': 'Set retention' },
  'public-home': { 'zh-CN': '设置首页公开', 'en-US': 'Set public home' },
  'create-admin': { 'zh-CN': '创建管理员', 'en-US': 'Create an administrator' },
  'enterprise.create': { 'zh-CN': '新增企业', 'en-US': 'Create an enterprise' },
  'enterprise.update': { 'zh-CN': '修改企业', 'en-US': 'Update an enterprise' },
  'enterprise.delete': { 'zh-CN': '删除企业', 'en-US': 'Delete an enterprise' },
  'department.create': { 'zh-CN': '新增部门', 'en-US': 'Create a department' },
  'department.update': { 'zh-CN': '修改部门', 'en-US': 'Update a department' },
  'department.delete': { 'zh-CN': '删除部门', 'en-US': 'Delete a department' },
  'member.save': { 'zh-CN': '设置部门成员', 'en-US': 'Place members' },
  'member.remove': { 'zh-CN': '移出部门', 'en-US': 'Remove a member' },
  copy: { 'zh-CN': '复制', 'en-US': 'Copy' },
  export: { 'zh-CN': '导出', 'en-US': 'Export' },
  acknowledge: { 'zh-CN': '确认告警', 'en-US': 'Acknowledge' },
  clear: { 'zh-CN': '解除告警', 'en-US': 'Clear' },
  shelve: { 'zh-CN': '搁置告警', 'en-US': 'Shelve' },
  assign: { 'zh-CN': '指派', 'en-US': 'Assign' },
  comment: { 'zh-CN': '评论', 'en-US': 'Comment' },
  'offline-rule.create': { 'zh-CN': '新增离线规则', 'en-US': 'Create an offline rule' },
  'offline-rule.update': { 'zh-CN': '修改离线规则', 'en-US': 'Update an offline rule' },
  'offline-rule.delete': { 'zh-CN': '删除离线规则', 'en-US': 'Delete an offline rule' },
  reset: { 'zh-CN': '恢复默认', 'en-US': 'Reset to default' },
  test: { 'zh-CN': '发送测试', 'en-US': 'Send a test' },
  push: { 'zh-CN': '推送消息', 'en-US': 'Push a message' },
  resend: { 'zh-CN': '重发失败项', 'en-US': 'Resend failed' },
  cancel: { 'zh-CN': '取消推送', 'en-US': 'Cancel a push' },
  'notify-prefs': { 'zh-CN': '设置通知偏好', 'en-US': 'Set notification preferences' },
  command: { 'zh-CN': '下发指令', 'en-US': 'Send a command' },
  'command-blocked': { 'zh-CN': '指令被联锁拒绝', 'en-US': 'Command blocked by an interlock' },
  'stop-all': { 'zh-CN': '全站停泵', 'en-US': 'Stop all pumps' },
  approve: { 'zh-CN': '批准指令', 'en-US': 'Approve a command' },
  refuse: { 'zh-CN': '驳回指令', 'en-US': 'Refuse a command' },
  'cancel-command': { 'zh-CN': '撤销指令', 'en-US': 'Cancel a command' },
  'control-settings': { 'zh-CN': '设置控制参数', 'en-US': 'Set control settings' },
  'site.create': { 'zh-CN': '新增监测点', 'en-US': 'Create a site' },
  'site.update': { 'zh-CN': '修改监测点', 'en-US': 'Update a site' },
  'site.delete': { 'zh-CN': '删除监测点', 'en-US': 'Delete a site' },
  'limit-set.copy': { 'zh-CN': '复制限值标准', 'en-US': 'Copy a limit set' },
  'limit-set.update': { 'zh-CN': '修改限值标准', 'en-US': 'Update a limit set' },
  'limit-set.delete': { 'zh-CN': '删除限值标准', 'en-US': 'Delete a limit set' },
  'parameter.update': { 'zh-CN': '修改检测参数', 'en-US': 'Update a parameter' },
  'result.create': { 'zh-CN': '录入化验结果', 'en-US': 'Enter lab results' },
  'result.update': { 'zh-CN': '更正化验结果', 'en-US': 'Correct a lab result' },
  'result.delete': { 'zh-CN': '删除化验结果', 'en-US': 'Delete a lab result' },
  'camera.create': { 'zh-CN': '新增摄像头', 'en-US': 'Register a camera' },
  'camera.update': { 'zh-CN': '修改摄像头', 'en-US': 'Update a camera' },
  'camera.status': { 'zh-CN': '启用或停用摄像头', 'en-US': 'Enable or disable a camera' },
  'camera.delete': { 'zh-CN': '删除摄像头', 'en-US': 'Delete a camera' },
  'camera.ptz': { 'zh-CN': '云台控制', 'en-US': 'PTZ control' },
  'camera.share': { 'zh-CN': '生成公开链接', 'en-US': 'Create a public link' },
  'camera.share-revoke': { 'zh-CN': '撤销公开链接', 'en-US': 'Revoke a public link' },
  'layout.create': { 'zh-CN': '保存画面布局', 'en-US': 'Save a layout' },
  'layout.update': { 'zh-CN': '修改画面布局', 'en-US': 'Update a layout' },
  'layout.delete': { 'zh-CN': '删除画面布局', 'en-US': 'Delete a layout' },
  'platform.create': { 'zh-CN': '新增视频平台', 'en-US': 'Add a video platform' },
  'platform.update': { 'zh-CN': '修改视频平台', 'en-US': 'Update a video platform' },
  'platform.delete': { 'zh-CN': '删除视频平台', 'en-US': 'Delete a video platform' },
} as const satisfies Record<string, Record<Locale, string>>;
export type AuditAction = keyof typeof auditActionNames;

export const AUDIT_MODULES = Object.keys(auditModuleNames) as AuditModule[];
export const AUDIT_ACTIONS = Object.keys(auditActionNames) as AuditAction[];

/** A module in words; one the table does not know (an older row) reads as its code. */
export function auditModuleName(module: string, locale: Locale): string {
  return Object.hasOwn(auditModuleNames, module) ? auditModuleNames[module as AuditModule][locale] : module;
}

/** An action in words; one the table does not know reads as its code. */
export function auditActionName(action: string, locale: Locale): string {
  return Object.hasOwn(auditActionNames, action) ? auditActionNames[action as AuditAction][locale] : action;
}
