import { DEFAULT_LOCALE, isValidationMessageKey, type Locale, validationMessages } from '@water/contracts';

/**
 * Every message the server puts in `msg`, in both languages. The type makes a key without both
 * translations a compile error; `{name}` placeholders are filled by `t()`.
 */
export const messages = {
  ok: { 'zh-CN': '请求成功', 'en-US': 'Request successful' },
  // Alarms (issue 15): titles, notifications and the export's headers.
  'alarms.offlineTitle': { 'zh-CN': '通信中断', 'en-US': 'Communication lost' },
  'alarms.offlineCondition': {
    'zh-CN': '超过 {minutes} 分钟无数据',
    'en-US': 'No data for over {minutes} min',
  },
  // A water-quality exceedance (issue 18): "出厂水 游离氯 超标"; "游离氯 0.02 mg/L，限值 ≥0.05（GB 5749-2022 表2 …）".
  'alarms.wqTitle': { 'zh-CN': '{site} {parameter} 超标', 'en-US': '{site}: {parameter} out of limit' },
  'alarms.wqGrade': { 'zh-CN': '（{grade}）', 'en-US': ' ({grade})' },
  'alarms.wqLimit': { 'zh-CN': '，限值 {limit}{cold}', 'en-US': ', limit {limit}{cold}' },
  'alarms.wqCold': { 'zh-CN': '，水温≤12°C', 'en-US': ', water ≤ 12 °C' },
  'alarms.wqCited': { 'zh-CN': '（{citation}）', 'en-US': ' ({citation})' },
  'alarms.severity.critical': { 'zh-CN': '严重', 'en-US': 'Critical' },
  'alarms.severity.major': { 'zh-CN': '重要', 'en-US': 'Major' },
  'alarms.severity.minor': { 'zh-CN': '次要', 'en-US': 'Minor' },
  'alarms.severity.warning': { 'zh-CN': '警告', 'en-US': 'Warning' },
  'alarms.severity.info': { 'zh-CN': '提示', 'en-US': 'Info' },
  'alarms.state.active-unack': { 'zh-CN': '告警中·未确认', 'en-US': 'Active, unacknowledged' },
  'alarms.state.active-ack': { 'zh-CN': '告警中·已确认', 'en-US': 'Active, acknowledged' },
  'alarms.state.cleared-unack': { 'zh-CN': '已解除·未确认', 'en-US': 'Cleared, unacknowledged' },
  'alarms.state.cleared-ack': { 'zh-CN': '已解除·已确认', 'en-US': 'Cleared, acknowledged' },
  'alarms.notify.raised': {
    'zh-CN': '【{severity}告警】{station}{device} {title}：{condition}，当前值 {value}',
    'en-US': '[{severity} alarm] {station}{device} {title}: {condition}, value {value}',
  },
  'alarms.notify.escalated': {
    'zh-CN': '【告警升级】{station}{device} {title} 已 {minutes} 分钟无人确认',
    'en-US': '[Escalated] {station}{device} {title}: unacknowledged for {minutes} min',
  },
  'alarms.notify.reminder': {
    'zh-CN': '【告警提醒】{station}{device} {title} 仍未确认（{count} 次）',
    'en-US': '[Reminder] {station}{device} {title} is still unacknowledged ({count} times)',
  },
  'alarms.notify.assigned': {
    'zh-CN': '【告警指派】{station}{device} {title} 已指派给您',
    'en-US': '[Assigned] {station}{device} {title} is assigned to you',
  },
  'alarms.notify.offline': {
    'zh-CN': '【{severity}告警】{station}{device} 通信中断，最后上报于 {lastSeen}',
    'en-US': '[{severity} alarm] {station}{device} lost communication; last heard {lastSeen}',
  },
  // Message push (issue 16): channel names, the push log's refusals, alarm notices' words.
  'notify.push.channel.inApp': { 'zh-CN': '站内信', 'en-US': 'In-app' },
  'notify.push.channel.sms': { 'zh-CN': '短信', 'en-US': 'SMS' },
  'notify.push.channel.email': { 'zh-CN': '邮件', 'en-US': 'E-mail' },
  'notify.push.channel.webhook': { 'zh-CN': 'Webhook', 'en-US': 'Webhook' },
  'notify.push.channel.wecom': { 'zh-CN': '企业微信群机器人', 'en-US': 'WeCom group robot' },
  'notify.push.channel.dingtalk': { 'zh-CN': '钉钉群机器人', 'en-US': 'DingTalk group robot' },
  'notify.push.channel.feishu': { 'zh-CN': '飞书群机器人', 'en-US': 'Feishu group bot' },
  'notify.push.notScheduled': {
    'zh-CN': '只有尚未发送的定时推送可以取消',
    'en-US': 'Only a scheduled push that has not gone out can be cancelled',
  },
  'notify.push.assigned': { 'zh-CN': '【指派给您】{title}', 'en-US': '[Assigned to you] {title}' },
  'notify.push.clearedAuto': { 'zh-CN': '恢复正常', 'en-US': 'back to normal' },
  'notify.push.minutes': { 'zh-CN': '{n} 分钟', 'en-US': '{n} min' },
  'notify.push.hours': { 'zh-CN': '{h} 小时 {m} 分钟', 'en-US': '{h} h {m} min' },
  'alarms.alreadyCleared': { 'zh-CN': '该告警已解除', 'en-US': 'This alarm is cleared already' },
  'alarms.shelveInPast': { 'zh-CN': '搁置截止时间须晚于现在', 'en-US': 'Shelve until a time in the future' },
  'alarms.tooManyRows': {
    'zh-CN': '导出最多 {max} 条，请缩小时间范围或增加筛选条件',
    'en-US': 'An export holds at most {max} rows: narrow the range or filter',
  },
  'alarms.export.raisedAt': { 'zh-CN': '告警时间', 'en-US': 'Raised at' },
  'alarms.export.severity': { 'zh-CN': '级别', 'en-US': 'Severity' },
  'alarms.export.title': { 'zh-CN': '告警名称', 'en-US': 'Alarm' },
  'alarms.export.state': { 'zh-CN': '状态', 'en-US': 'State' },
  'alarms.export.device': { 'zh-CN': '设备编号', 'en-US': 'Device code' },
  'alarms.export.deviceName': { 'zh-CN': '设备名称', 'en-US': 'Device name' },
  'alarms.export.station': { 'zh-CN': '泵站', 'en-US': 'Station' },
  'alarms.export.region': { 'zh-CN': '区域', 'en-US': 'Region' },
  'alarms.export.condition': { 'zh-CN': '条件', 'en-US': 'Condition' },
  'alarms.export.firstValue': { 'zh-CN': '首次值', 'en-US': 'First value' },
  'alarms.export.lastValue': { 'zh-CN': '最新值', 'en-US': 'Last value' },
  'alarms.export.count': { 'zh-CN': '次数', 'en-US': 'Count' },
  'alarms.export.acknowledgedAt': { 'zh-CN': '确认时间', 'en-US': 'Acknowledged at' },
  'alarms.export.acknowledgedBy': { 'zh-CN': '确认人', 'en-US': 'Acknowledged by' },
  'alarms.export.clearedAt': { 'zh-CN': '解除时间', 'en-US': 'Cleared at' },
  'alarms.export.clearedBy': { 'zh-CN': '解除人', 'en-US': 'Cleared by' },
  'alarms.export.clearReason': { 'zh-CN': '解除原因', 'en-US': 'Clear reason' },
  'alarms.export.assignee': { 'zh-CN': '处理人', 'en-US': 'Assignee' },
  'alarms.export.auto': { 'zh-CN': '自动', 'en-US': 'Automatic' },
  'alarms.export.sheet': { 'zh-CN': '告警记录', 'en-US': 'Alarm records' },
  'alarms.export.file': { 'zh-CN': '告警记录', 'en-US': 'alarm-records' },
  'auth.usernameRequired': { 'zh-CN': '用户名不能为空', 'en-US': 'Username cannot be empty' },
  'auth.passwordRequired': { 'zh-CN': '密码不能为空', 'en-US': 'Password cannot be empty' },
  'auth.badCredentials': {
    'zh-CN': '账号或者密码错误',
    'en-US': 'Incorrect username or password',
  },
  'auth.locked': {
    'zh-CN': '登录失败次数过多，账号已锁定，请 {minutes} 分钟后再试',
    'en-US': 'Too many failed sign-ins: the account is locked, try again in {minutes} min',
  },
  'auth.disabled': {
    'zh-CN': '账号已停用，请联系管理员',
    'en-US': 'This account is disabled; contact an administrator',
  },
  'auth.captchaRequired': { 'zh-CN': '请输入验证码', 'en-US': 'Enter the captcha' },
  'auth.captchaWrong': {
    'zh-CN': '验证码错误或已过期，请重新输入',
    'en-US': 'The captcha is wrong or has expired; try a new one',
  },
  'auth.notLoggedIn': { 'zh-CN': '未登录', 'en-US': 'Not logged in' },
  'auth.illegalToken': {
    'zh-CN': '登录凭证无效，请重新登录',
    'en-US': 'Illegal token: please log in again',
  },
  'auth.otherClient': {
    'zh-CN': '账号已在其他地方登录，请重新登录',
    'en-US': 'This account has signed in elsewhere: please log in again',
  },
  'auth.tokenExpired': {
    'zh-CN': '登录已过期，请重新登录',
    'en-US': 'Your session has expired: please log in again',
  },
  'auth.forbidden': {
    'zh-CN': '没有权限执行此操作',
    'en-US': 'You do not have permission to do this',
  },
  'auth.noRole': {
    'zh-CN': '账号未分配角色，请联系管理员',
    'en-US': 'This account has no role; contact an administrator',
  },
  'sms.tooSoon': {
    'zh-CN': '发送过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Too many codes: try again in {seconds} s',
  },
  'sms.phoneDailyLimit': {
    'zh-CN': '该手机号今日接收验证码已达上限（{limit} 条），请明天再试',
    'en-US': 'This phone has had its {limit} codes for today; try again tomorrow',
  },
  'sms.ipDailyLimit': {
    'zh-CN': '本网络今日获取验证码已达上限（{limit} 条），请明天再试或联系管理员',
    'en-US': 'This network has asked for its {limit} codes for today; try again tomorrow or ask an administrator',
  },
  'sms.hourlyLimit': {
    'zh-CN': '验证码短信发送量已达本小时上限，请稍后再试或联系管理员',
    'en-US': 'The SMS codes for this hour have run out; try again later or ask an administrator',
  },
  'sms.hourlyLimitAlertTitle': {
    'zh-CN': '验证码短信已达每小时上限（{limit} 条）',
    'en-US': 'SMS codes reached the hourly cap ({limit})',
  },
  'sms.hourlyLimitAlertContent': {
    'zh-CN':
      '过去一小时已发送 {count} 条验证码短信，新的验证码请求被拒绝，直至用量回落。若非正常使用，可能有人在消耗短信余额；每条短信的请求 IP 已记入短信账单。',
    'en-US':
      '{count} SMS codes went out in the last hour; new code requests are refused until the rate drops. If this is not normal use, someone may be spending the SMS balance; the SMS ledger records the requesting IP of each.',
  },
  'sms.codeWrong': {
    'zh-CN': '短信验证码错误或已过期',
    'en-US': 'The SMS code is wrong or has expired',
  },
  'sms.message': {
    'zh-CN': '【岚川水务】您的验证码为 {code}，{minutes} 分钟内有效。如非本人操作，请忽略。',
    'en-US': '[Lanchuan Water] Your code is {code}, valid for {minutes} min. Ignore it if you did not ask for it.',
  },
  'account.taken': {
    'zh-CN': '用户名或手机号已被使用',
    'en-US': 'That username or phone number is already in use',
  },
  'account.registeredTitle': {
    'zh-CN': '新账号待审核：{name}',
    'en-US': 'New account to review: {name}',
  },
  'account.registeredContent': {
    'zh-CN': '用户名 {username}，手机 {phone}。请在用户管理中核实并启用。',
    'en-US': 'Username {username}, phone {phone}. Check it and enable it in user management.',
  },
  'account.roleNotHeld': { 'zh-CN': '您没有该角色', 'en-US': 'You do not hold that role' },
  'account.oldPasswordWrong': { 'zh-CN': '原密码不正确', 'en-US': 'The current password is wrong' },
  'account.samePassword': {
    'zh-CN': '新密码不能与原密码相同',
    'en-US': 'The new password must differ from the current one',
  },
  'account.ticketInvalid': {
    'zh-CN': '验证已失效，请重新获取短信验证码',
    'en-US': 'The verification has expired; request a new SMS code',
  },
  'account.sessionNotFound': { 'zh-CN': '会话不存在或已结束', 'en-US': 'No such session, or it has ended' },
  'account.cannotEndCurrent': {
    'zh-CN': '不能在此结束当前会话，请使用退出登录',
    'en-US': 'The current session cannot be ended here: log out instead',
  },
  'messages.notYours': {
    'zh-CN': '包含不属于您的消息',
    'en-US': 'Some of these messages are not yours',
  },
  'notices.wrongState': {
    'zh-CN': '通知当前状态不允许此操作',
    'en-US': 'The notice is not in a state that allows this',
  },
  'notices.tooManyAttachments': {
    'zh-CN': '每条通知最多 {max} 个附件',
    'en-US': 'A notice can carry at most {max} attachments',
  },
  'notices.noRecipients': {
    'zh-CN': '发布对象中没有可接收的用户',
    'en-US': 'Nobody in this audience can receive it',
  },
  'organization.creditCodeTaken': {
    'zh-CN': '该统一社会信用代码已登记',
    'en-US': 'An enterprise with this credit code is already registered',
  },
  'organization.enterpriseInUse': {
    'zh-CN': '该企业下还有 {departments} 个部门、{users} 个用户，不能删除',
    'en-US': 'This enterprise still has {departments} departments and {users} users: it cannot be removed',
  },
  'organization.unknownEnterprise': { 'zh-CN': '企业不存在', 'en-US': 'No such enterprise' },
  'organization.unknownParent': {
    'zh-CN': '上级部门不存在或不属于该企业',
    'en-US': 'The parent department does not exist or belongs to another enterprise',
  },
  'organization.enterpriseFixed': {
    'zh-CN': '部门不能移到其他企业',
    'en-US': 'A department cannot move to another enterprise',
  },
  'organization.moveUnderSelf': {
    'zh-CN': '不能把部门移到它自己或它的下级部门之下',
    'en-US': 'A department cannot move under itself or one of its own sub-departments',
  },
  'organization.deptNameTaken': {
    'zh-CN': '同一上级下已有同名部门',
    'en-US': 'A department of that name already exists at this level',
  },
  'organization.deptHasChildren': {
    'zh-CN': '该部门下还有 {n} 个下级部门，请先移走或删除它们',
    'en-US': 'This department has {n} sub-departments: move or remove them first',
  },
  'organization.deptHasMembers': {
    'zh-CN': '该部门还有 {n} 名成员，请先将他们调出',
    'en-US': 'This department still has {n} members: move them out first',
  },
  'organization.unknownUser': { 'zh-CN': '用户不存在', 'en-US': 'No such user' },
  'organization.unknownDepartment': { 'zh-CN': '部门不存在', 'en-US': 'No such department' },
  'organization.deptOutOfScope': {
    'zh-CN': '该部门不在您的数据权限范围内，不能修改它或它的成员',
    'en-US': 'This department is outside your data scope: you cannot change it or its members',
  },
  'organization.rootOutOfScope': {
    'zh-CN': '只有数据权限为“全部”的角色才能在企业顶层添加或移入部门',
    'en-US': 'Only a role with the data scope "all" can add or move a department to the top level',
  },
  'organization.userOutOfScope': {
    'zh-CN': '该用户不在您的数据权限范围内',
    'en-US': 'This user is outside your data scope',
  },
  'organization.enterpriseOutOfScope': {
    'zh-CN': '只有数据权限为“全部”的角色才能添加、修改或删除企业',
    'en-US': 'Only a role with the data scope "all" can add, change or remove enterprises',
  },
  'users.lastAdmin': {
    'zh-CN': '这是最后一位启用的管理员，不能停用、取消管理员角色或删除',
    'en-US': 'This is the last enabled administrator: it cannot be disabled, lose the admin role or be removed',
  },
  'users.unknownRole': { 'zh-CN': '角色不存在', 'en-US': 'No such role' },
  'users.notYourself': {
    'zh-CN': '不能停用或删除自己的账号',
    'en-US': 'You cannot disable or remove your own account',
  },
  'users.export.fileName': { 'zh-CN': '用户列表', 'en-US': 'users' },
  'users.col.username': { 'zh-CN': '用户名', 'en-US': 'Username' },
  'users.col.displayName': { 'zh-CN': '姓名', 'en-US': 'Name' },
  'users.col.phone': { 'zh-CN': '手机号', 'en-US': 'Phone' },
  'users.col.email': { 'zh-CN': '邮箱', 'en-US': 'Email' },
  'users.col.enterprise': { 'zh-CN': '企业', 'en-US': 'Enterprise' },
  'users.col.department': { 'zh-CN': '部门', 'en-US': 'Department' },
  'users.col.roles': { 'zh-CN': '角色', 'en-US': 'Roles' },
  'users.col.status': { 'zh-CN': '状态', 'en-US': 'Status' },
  'users.col.lastLoginAt': { 'zh-CN': '最后登录', 'en-US': 'Last sign-in' },
  'users.col.createdAt': { 'zh-CN': '创建时间', 'en-US': 'Created' },
  'users.status.enabled': { 'zh-CN': '启用', 'en-US': 'Enabled' },
  'users.status.disabled': { 'zh-CN': '停用', 'en-US': 'Disabled' },
  'users.import.templateName': { 'zh-CN': '用户导入模板', 'en-US': 'user-import-template' },
  'users.import.col.username': { 'zh-CN': '用户名', 'en-US': 'Username' },
  'users.import.col.displayName': { 'zh-CN': '姓名', 'en-US': 'Name' },
  'users.import.col.phone': { 'zh-CN': '手机号', 'en-US': 'Phone' },
  'users.import.col.email': { 'zh-CN': '邮箱', 'en-US': 'Email' },
  'users.import.col.department': { 'zh-CN': '部门名称', 'en-US': 'Department name' },
  'users.import.col.roles': { 'zh-CN': '角色编码（逗号分隔）', 'en-US': 'Role codes (comma-separated)' },
  'users.import.unknownDepartment': { 'zh-CN': '部门“{name}”不存在', 'en-US': 'No department named "{name}"' },
  'users.import.duplicateInSheet': {
    'zh-CN': '用户名在表格中重复',
    'en-US': 'The username appears twice in the sheet',
  },
  'roles.codeTaken': { 'zh-CN': '角色编码已存在', 'en-US': 'A role with this code already exists' },
  'roles.builtin': { 'zh-CN': '内置角色不能删除', 'en-US': 'A built-in role cannot be removed' },
  'roles.builtinCode': {
    'zh-CN': '内置角色的编码不能修改',
    'en-US': 'The code of a built-in role cannot change',
  },
  'roles.adminFixed': {
    'zh-CN': '管理员角色须保持启用，数据权限为全部，且不限监测区域',
    'en-US': 'The administrator role stays enabled with the data scope "all" and no region limit',
  },
  'roles.unknownMenu': { 'zh-CN': '菜单不存在', 'en-US': 'No such menu entry' },
  'roles.inUse': {
    'zh-CN': '该角色仍有 {n} 名用户：{names}。确认删除后他们将失去此角色',
    'en-US': '{n} users still hold this role: {names}. Confirm to remove it from them',
  },
  'roles.inUseMany': {
    'zh-CN': '该角色仍有 {n} 名用户，包括 {names} 等。确认删除后他们将失去此角色',
    'en-US': '{n} users still hold this role, among them {names}. Confirm to remove it from them',
  },
  'menus.unknownParent': { 'zh-CN': '上级菜单不存在', 'en-US': 'No such parent menu' },
  'menus.badParent': {
    'zh-CN': '目录和菜单只能放在目录下或顶层，按钮只能放在菜单或目录下',
    'en-US': 'Directories and menus go under a directory or at the top; buttons go under a menu or directory',
  },
  'menus.moveUnderSelf': {
    'zh-CN': '不能把菜单移到它自己或它的下级之下',
    'en-US': 'A menu entry cannot move under itself or one of its own children',
  },
  'menus.nameTaken': { 'zh-CN': '路由名称已被使用', 'en-US': 'That route name is already in use' },
  'menus.hasChildren': {
    'zh-CN': '该菜单下还有 {n} 个子项，请先删除它们',
    'en-US': 'This entry has {n} children: remove them first',
  },
  'logs.export.operations': { 'zh-CN': '操作日志', 'en-US': 'operation-log' },
  'logs.export.logins': { 'zh-CN': '登录日志', 'en-US': 'sign-in-log' },
  'logs.col.time': { 'zh-CN': '时间', 'en-US': 'Time' },
  'logs.col.user': { 'zh-CN': '用户', 'en-US': 'User' },
  'logs.col.module': { 'zh-CN': '模块', 'en-US': 'Module' },
  'logs.col.action': { 'zh-CN': '操作', 'en-US': 'Action' },
  'logs.col.target': { 'zh-CN': '对象', 'en-US': 'Record' },
  'logs.col.request': { 'zh-CN': '请求', 'en-US': 'Request' },
  'logs.col.result': { 'zh-CN': '结果', 'en-US': 'Result' },
  'logs.col.error': { 'zh-CN': '错误', 'en-US': 'Error' },
  'logs.col.duration': { 'zh-CN': '耗时 (ms)', 'en-US': 'Duration (ms)' },
  'logs.col.ip': { 'zh-CN': 'IP', 'en-US': 'IP' },
  'logs.col.userAgent': { 'zh-CN': '浏览器', 'en-US': 'User agent' },
  'logs.col.reason': { 'zh-CN': '失败原因', 'en-US': 'Reason' },
  'logs.result.success': { 'zh-CN': '成功', 'en-US': 'Success' },
  'logs.result.failure': { 'zh-CN': '失败', 'en-US': 'Failure' },
  'logs.result.denied': { 'zh-CN': '无权限', 'en-US': 'Denied' },
  'auth.mustChangePassword': {
    'zh-CN': '您正在使用临时密码，请先修改密码',
    'en-US': 'You signed in with a temporary password: change it first',
  },
  'deviceTypes.codeTaken': { 'zh-CN': '设备类型编码已存在', 'en-US': 'A device type with this code already exists' },
  'deviceTypes.builtin': { 'zh-CN': '内置设备类型不能删除', 'en-US': 'A built-in device type cannot be removed' },
  'deviceTypes.builtinCode': {
    'zh-CN': '内置设备类型的编码不能修改',
    'en-US': 'The code of a built-in device type cannot change',
  },
  'deviceTypes.metricsKept': {
    'zh-CN': '已有数据依赖这些监测项，不能删除或改变其数据类型：{keys}',
    'en-US': 'Data depends on these metrics; they cannot be removed or change type: {keys}',
  },
  'deviceTypes.inUse': {
    'zh-CN': '还有 {n} 台设备属于该类型，不能删除',
    'en-US': '{n} devices are of this type: it cannot be removed',
  },
  'regions.codeTaken': { 'zh-CN': '区域编码已存在', 'en-US': 'A region with this code already exists' },
  'regions.unknownParent': { 'zh-CN': '上级区域不存在', 'en-US': 'No such parent region' },
  'regions.moveUnderSelf': {
    'zh-CN': '不能把区域移到它自己或它的下级区域之下',
    'en-US': 'A region cannot move under itself or one of its own sub-regions',
  },
  'regions.hasChildren': {
    'zh-CN': '该区域下还有 {n} 个下级区域，请先移走或删除它们',
    'en-US': 'This region has {n} sub-regions: move or remove them first',
  },
  'regions.hasDevices': {
    'zh-CN': '该区域还有 {n} 台设备，请先将它们移到其他区域',
    'en-US': '{n} devices are in this region: move them to another region first',
  },
  'regions.hasStations': {
    'zh-CN': '该区域还有 {n} 个站点，请先将它们移到其他区域',
    'en-US': '{n} stations are in this region: move them to another region first',
  },
  'regions.usedByRoles': {
    'zh-CN': '角色“{names}”的数据权限限定在该区域，请先修改这些角色',
    'en-US': 'The data scope of the roles {names} is limited to this region: change those roles first',
  },
  'regions.unknownParentCode': {
    'zh-CN': '第 {n} 个要素的上级区域编码“{code}”不存在',
    'en-US': 'Feature {n}: no region with the parent code "{code}"',
  },
  'devices.codeTaken': { 'zh-CN': '设备编码已存在', 'en-US': 'A device with this code already exists' },
  'devices.unknownType': { 'zh-CN': '设备类型不存在', 'en-US': 'No such device type' },
  'devices.unknownRegion': { 'zh-CN': '监测区域不存在', 'en-US': 'No such monitoring region' },
  'devices.regionOutOfScope': {
    'zh-CN': '您的角色不能管理该监测区域的设备',
    'en-US': 'Your role does not cover devices in this monitoring region',
  },
  'devices.archived': {
    'zh-CN': '该设备已归档，不能再修改',
    'en-US': 'This device is archived and can no longer change',
  },
  'devices.archiveBeforeInstall': {
    'zh-CN': '归档日期不能早于安装日期',
    'en-US': 'A device cannot be archived before its install date',
  },
  'devices.archiveInFuture': {
    'zh-CN': '归档日期不能晚于今天',
    'en-US': 'The archive date cannot be later than today',
  },
  'devices.hasDependents': {
    'zh-CN': '该设备有 {archiveEntries} 条档案记录、{openWorkOrders} 个未完成工单，不能删除；停止使用请改为归档',
    'en-US':
      'This device has {archiveEntries} archive entries and {openWorkOrders} open work orders: it cannot be removed. Archive it instead to take it out of service',
  },
  'devices.unknownStation': { 'zh-CN': '站点不存在', 'en-US': 'No such station' },
  'devices.mappedAtStation': {
    'zh-CN': '该设备是泵站 {station} 配置中的水泵控制器或传感器，请先在泵站配置中解除后再更换站点',
    'en-US':
      'This device is a pump controller or sensor in the setup of station {station}: change that setup before moving it',
  },
  'deviceArchives.unknownDevice': { 'zh-CN': '设备不存在', 'en-US': 'No such device' },
  'pumpStations.publicHomeOff': {
    'zh-CN': '首页未对外公开，请登录后查看',
    'en-US': 'The home screen is not public: sign in to see it',
  },
  'pumpStations.codeTaken': { 'zh-CN': '泵站编码已存在', 'en-US': 'A station with this code already exists' },
  'pumpStations.regionOutOfScope': {
    'zh-CN': '您的角色不能管理该监测区域的泵站',
    'en-US': 'Your role does not cover stations in this monitoring region',
  },
  'pumpStations.hasDevices': {
    'zh-CN': '该泵站还有 {n} 台设备，请先将它们移到其他站点或移出站点',
    'en-US': '{n} devices are placed at this station: move them elsewhere first',
  },
  'pumpStations.tooManyPhotos': {
    'zh-CN': '每个泵站最多 {max} 张现场照片',
    'en-US': 'A station can keep at most {max} site photos',
  },
  // Pump control (issue 17): why an interlock refuses a command, in the operator's language.
  'pumpControl.interlock.local_mode': {
    'zh-CN': '{pump} 处于就地控制，控制台不能下发指令',
    'en-US': '{pump} is switched to local at its panel: the console cannot command it',
  },
  'pumpControl.interlock.auto_mode': {
    'zh-CN': '{pump} 处于自动控制，请先切换为远程手动再{command}',
    'en-US': '{pump} is in automatic: switch it to remote manual before “{command}”',
  },
  'pumpControl.interlock.dry_run': {
    'zh-CN': '集水井液位 {level} m 不高于干运行保护液位 {protection} m，禁止启泵',
    'en-US': 'The wet-well level {level} m is at or below the dry-run protection level {protection} m: no start',
  },
  'pumpControl.interlock.fault': {
    'zh-CN': '{pump} 故障中，只能执行故障复位',
    'en-US': '{pump} is in fault: only a fault reset is taken',
  },
  'pumpControl.interlock.min_off_time': {
    'zh-CN': '{pump} 停泵后须间隔 {minOff} 秒才能再启动，还需 {seconds} 秒',
    'en-US': '{pump} must rest {minOff} s after a stop before it starts again: {seconds} s left',
  },
  'pumpControl.interlock.max_starts': {
    'zh-CN': '{pump} 最近 60 分钟已启动 {count} 次，达到每小时 {max} 次上限',
    'en-US': '{pump} started {count} times in the last 60 minutes: the limit is {max} an hour',
  },
  'pumpControl.interlock.offline': {
    'zh-CN': '{pump} 的控制器离线或数据过期，无法下发指令',
    'en-US': 'The controller of {pump} is offline or its data is stale: no command can be sent',
  },
  'pumpControl.interlock.busy': {
    'zh-CN': '{pump} 还有一条未完成的指令，请等待其结束或撤销后再试',
    'en-US': '{pump} has another command still open: wait for it or cancel it first',
  },
  'pumpControl.interlock.stale_level': {
    'zh-CN': '集水井液位数据已超过 {maxAge} 秒未更新（或缺失），无法判断启泵是否安全',
    'en-US': 'The wet-well level is older than {maxAge} s (or missing): a start’s safety cannot be judged',
  },
  'pumpControl.interlock.maintenance': {
    'zh-CN': '{pump} 处于检修挂牌状态，禁止操作',
    'en-US': '{pump} is locked out for maintenance',
  },
  'pumpControl.interlock.already': {
    'zh-CN': '{pump} 已经是所要求的状态（{command}）',
    'en-US': '{pump} already is as asked (“{command}”)',
  },
  'pumpControl.timedOut': {
    'zh-CN': '控制器在 {seconds} 秒内没有回复结果',
    'en-US': 'The controller gave no result within {seconds} s',
  },
  'pumpControl.expired': {
    'zh-CN': '审批未在 {minutes} 分钟内完成',
    'en-US': 'No approval within {minutes} min',
  },
  'pumpControl.ownCommand': {
    'zh-CN': '不能审批自己发起的指令，请由另一位有审批权限的人员处理',
    'en-US': 'You cannot approve or refuse your own command: another person with pump:approve must',
  },
  'pumpControl.notAwaitingApproval': {
    'zh-CN': '该指令不在待审批状态（当前：{state}）',
    'en-US': 'This command is not awaiting approval (it is {state})',
  },
  'pumpControl.approvalExpired': {
    'zh-CN': '该指令的审批时限已过，已作废',
    'en-US': 'The time to approve this command has passed: it expired',
  },
  'pumpControl.notCancellable': {
    'zh-CN': '只能撤销待审批或待发送的指令（当前：{state}）',
    'en-US': 'Only a command awaiting approval or not yet sent can be cancelled (it is {state})',
  },
  'pumpControl.cancelForbidden': {
    'zh-CN': '只有发起人或有泵控制权限的人员可以撤销该指令',
    'en-US': 'Only the requester or someone with pump:control can cancel this command',
  },
  'pumpControl.noPumps': { 'zh-CN': '该泵站没有配置水泵', 'en-US': 'This station has no pumps configured' },
  'deviceArchives.deviceArchived': {
    'zh-CN': '该设备已归档（停用），档案只能查看',
    'en-US': 'This device is archived (out of service): its record can only be read',
  },
  'deviceArchives.tooManyAttachments': {
    'zh-CN': '每条档案记录最多 {max} 个附件',
    'en-US': 'An archive entry can carry at most {max} attachments',
  },
  'content.unknownCategory': { 'zh-CN': '内容分类不存在', 'en-US': 'No such content category' },
  'content.typeFixed': {
    'zh-CN': '内容类型创建后不能更改',
    'en-US': 'The type of an item cannot change once created',
  },
  'content.noFileForText': {
    'zh-CN': '图文内容不需要上传文件',
    'en-US': 'Text items take no file',
  },
  'workplace.unknownRoute': {
    'zh-CN': '快捷操作只能选择您菜单中的页面',
    'en-US': 'Shortcuts must be pages of your own menu',
  },
  'upload.missing': { 'zh-CN': '请选择要上传的文件', 'en-US': 'Choose a file to upload' },
  'upload.malformed': {
    'zh-CN': '上传内容不完整或格式错误，请重新选择文件上传',
    'en-US': 'The upload is incomplete or malformed; choose the file and upload it again',
  },
  'upload.badType': {
    'zh-CN': '文件类型不支持，请上传 {types}',
    'en-US': 'Unsupported file type: upload {types}',
  },
  'upload.tooLarge': {
    'zh-CN': '文件过大，上限 {mb} MB',
    'en-US': 'The file is too large (limit {mb} MB)',
  },
  'csv.notUtf8': {
    'zh-CN': 'CSV 文件须为 UTF-8 编码（不支持 GBK/GB18030）：请在 Excel 中另存为“CSV UTF-8（逗号分隔）”',
    'en-US': 'CSV files must be UTF-8 (GBK/GB18030 is not supported): in Excel, save as "CSV UTF-8 (Comma delimited)"',
  },
  'csv.unreadable': { 'zh-CN': '无法读取该 CSV 文件', 'en-US': 'The CSV file could not be read' },
  'import.unreadable': {
    'zh-CN': '无法读取该文件，请使用导入模板',
    'en-US': 'The file could not be read: use the import template',
  },
  'import.empty': { 'zh-CN': '文件中没有数据行', 'en-US': 'The file has no data rows' },
  'import.tooMany': { 'zh-CN': '一次最多导入 {max} 行', 'en-US': 'At most {max} rows per import' },
  'import.badHeader': {
    'zh-CN': '表头不符合导入模板，应为：{columns}',
    'en-US': 'The header row does not match the import template: {columns}',
  },
  'import.rowFailed': { 'zh-CN': '该行未能写入', 'en-US': 'This row could not be written' },
  'import.duplicateInFile': { 'zh-CN': '与文件中前面的行编码重复', 'en-US': 'Same code as an earlier row of the file' },
  'devices.transfer.fileName': { 'zh-CN': '设备列表', 'en-US': 'devices' },
  'devices.transfer.templateName': { 'zh-CN': '设备导入模板', 'en-US': 'device-import-template' },
  'devices.transfer.col.code': { 'zh-CN': '设备编码', 'en-US': 'Code' },
  'devices.transfer.col.name': { 'zh-CN': '设备名称', 'en-US': 'Name' },
  'devices.transfer.col.type': { 'zh-CN': '设备类型', 'en-US': 'Type' },
  'devices.transfer.col.model': { 'zh-CN': '型号', 'en-US': 'Model' },
  'devices.transfer.col.manufacturer': { 'zh-CN': '生产厂家', 'en-US': 'Manufacturer' },
  'devices.transfer.col.serialNo': { 'zh-CN': '序列号/IMEI', 'en-US': 'Serial no./IMEI' },
  'devices.transfer.col.region': { 'zh-CN': '所属区域', 'en-US': 'Region' },
  'devices.transfer.col.station': { 'zh-CN': '站点编码', 'en-US': 'Station code' },
  'devices.transfer.col.longitude': { 'zh-CN': '经度', 'en-US': 'Longitude' },
  'devices.transfer.col.latitude': { 'zh-CN': '纬度', 'en-US': 'Latitude' },
  'devices.transfer.col.installDate': { 'zh-CN': '安装日期', 'en-US': 'Install date' },
  'devices.transfer.col.warrantyEnd': { 'zh-CN': '保修截止', 'en-US': 'Warranty end' },
  'devices.transfer.col.status': { 'zh-CN': '状态', 'en-US': 'Status' },
  'devices.transfer.status.inactive': { 'zh-CN': '未激活', 'en-US': 'Inactive' },
  'devices.transfer.status.online': { 'zh-CN': '在线', 'en-US': 'Online' },
  'devices.transfer.status.offline': { 'zh-CN': '离线', 'en-US': 'Offline' },
  'devices.transfer.status.disabled': { 'zh-CN': '已停用', 'en-US': 'Disabled' },
  'devices.transfer.unknownType': { 'zh-CN': '设备类型“{value}”不存在', 'en-US': 'No device type "{value}"' },
  'devices.transfer.unknownRegion': { 'zh-CN': '区域“{value}”不存在', 'en-US': 'No region "{value}"' },
  'devices.transfer.ambiguousRegion': {
    'zh-CN': '有多个区域名为“{value}”，请填写区域编码',
    'en-US': 'Several regions are named "{value}": give the region code',
  },
  'devices.transfer.unknownStation': {
    'zh-CN': '站点编码“{value}”不存在',
    'en-US': 'No station with the code "{value}"',
  },
  'devices.transfer.notANumber': { 'zh-CN': '“{value}”不是数字', 'en-US': '"{value}" is not a number' },
  'devices.transfer.secretsNote': {
    'zh-CN': '导入的设备尚无接入密钥：请在设备列表中对其执行“重置密钥”以签发',
    'en-US': 'Imported devices have no ingest secret yet: issue one with "Rotate secret" in the device list',
  },
  'monitoring.export.fileName': { 'zh-CN': '历史数据', 'en-US': 'history' },
  'monitoring.export.col.time': { 'zh-CN': '时间', 'en-US': 'Time' },
  'monitoring.export.col.code': { 'zh-CN': '设备编码', 'en-US': 'Device code' },
  'monitoring.export.col.name': { 'zh-CN': '设备名称', 'en-US': 'Device name' },
  'monitoring.export.col.metric': { 'zh-CN': '指标', 'en-US': 'Metric' },
  'monitoring.export.col.unit': { 'zh-CN': '单位', 'en-US': 'Unit' },
  'monitoring.export.col.value': { 'zh-CN': '数值', 'en-US': 'Value' },
  'monitoring.export.col.avg': { 'zh-CN': '平均值', 'en-US': 'Average' },
  'monitoring.export.col.min': { 'zh-CN': '最小值', 'en-US': 'Min' },
  'monitoring.export.col.max': { 'zh-CN': '最大值', 'en-US': 'Max' },
  'monitoring.export.col.count': { 'zh-CN': '读数个数', 'en-US': 'Readings' },
  'monitoring.export.xlsxTooLarge': {
    'zh-CN': '这次导出有 {rows} 行，超过 XLSX 的上限 {max} 行：请改为导出 CSV（不限行数），或缩短时间范围',
    'en-US':
      'This export has {rows} rows, more than the {max} an XLSX file may hold: export CSV (no limit) or pick a shorter range',
  },
  'stationHistory.export.fileName': { 'zh-CN': '泵站日报', 'en-US': 'station-daily' },
  'stationHistory.export.col.day': { 'zh-CN': '日期', 'en-US': 'Date' },
  'stationHistory.export.col.volume': { 'zh-CN': '抽排水量 (m³)', 'en-US': 'Pumped (m³)' },
  'stationHistory.export.col.energy': { 'zh-CN': '电量 (kWh)', 'en-US': 'Energy (kWh)' },
  'stationHistory.export.col.kwhPer1000m3': { 'zh-CN': '单位能耗 (kWh/千m³)', 'en-US': 'kWh per 1000 m³' },
  'stationHistory.export.col.runHours': { 'zh-CN': '{pump} 运行时长 (h)', 'en-US': '{pump} run hours (h)' },
  'stationHistory.export.col.starts': { 'zh-CN': '{pump} 启动次数', 'en-US': '{pump} starts' },
  'stationHistory.export.col.pumpEnergy': { 'zh-CN': '{pump} 电量 (kWh)', 'en-US': '{pump} energy (kWh)' },
  'stationHistory.export.col.pumpEnergyFromPower': {
    'zh-CN': '{pump} 电量 (kWh，按功率积分)',
    'en-US': '{pump} energy (kWh, power integrated)',
  },
  'stationHistory.export.total': { 'zh-CN': '合计', 'en-US': 'Total' },
  'stationHistory.pump': { 'zh-CN': '{number}号泵', 'en-US': 'Pump {number}' },
  'stationAnalysis.export.fileName': { 'zh-CN': '泵站对比分析', 'en-US': 'station-comparison' },
  'stationAnalysis.export.col.code': { 'zh-CN': '泵站编号', 'en-US': 'Code' },
  'stationAnalysis.export.col.station': { 'zh-CN': '泵站', 'en-US': 'Station' },
  'stationAnalysis.export.col.volume': { 'zh-CN': '抽排水量 (m³)', 'en-US': 'Pumped (m³)' },
  'stationAnalysis.export.col.energy': { 'zh-CN': '电量 (kWh)', 'en-US': 'Energy (kWh)' },
  'stationAnalysis.export.col.kwhPer1000m3': { 'zh-CN': '单位能耗 (kWh/千m³)', 'en-US': 'kWh per 1000 m³' },
  'stationAnalysis.export.col.runHours': { 'zh-CN': '运行时长 (h)', 'en-US': 'Run hours (h)' },
  'stationAnalysis.export.col.starts': { 'zh-CN': '启动次数', 'en-US': 'Starts' },
  'stationAnalysis.export.col.alarms': { 'zh-CN': '告警数', 'en-US': 'Alarms' },
  'stationAnalysis.export.col.availability': { 'zh-CN': '可用率 (%)', 'en-US': 'Availability (%)' },
  'stationAnalysis.export.col.previous': { 'zh-CN': '上期', 'en-US': 'previous' },
  'stationAnalysis.export.col.change': { 'zh-CN': '环比 (%)', 'en-US': 'change (%)' },
  'stationAnalysis.export.col.total': { 'zh-CN': '合计', 'en-US': 'Total' },
  // Alarm rules in words (modules/alarm-rules/rule-words.ts): conditions, scopes, copies.
  'alarm.op.gt': { 'zh-CN': '>', 'en-US': '>' },
  'alarm.op.ge': { 'zh-CN': '≥', 'en-US': '≥' },
  'alarm.op.lt': { 'zh-CN': '<', 'en-US': '<' },
  'alarm.op.le': { 'zh-CN': '≤', 'en-US': '≤' },
  'alarm.op.eq': { 'zh-CN': '=', 'en-US': '=' },
  'alarm.op.ne': { 'zh-CN': '≠', 'en-US': '≠' },
  'alarm.compare': { 'zh-CN': '{metric} {op} {value}', 'en-US': '{metric} {op} {value}' },
  'alarm.true': { 'zh-CN': '是', 'en-US': 'true' },
  'alarm.false': { 'zh-CN': '否', 'en-US': 'false' },
  'alarm.setpoint.highAlarmLevel': { 'zh-CN': '高液位报警值', 'en-US': 'high-level alarm set-point' },
  'alarm.setpoint.lowAlarmLevel': { 'zh-CN': '低液位报警值', 'en-US': 'low-level alarm set-point' },
  'alarm.setpoint.protectionLevel': { 'zh-CN': '干运行保护液位', 'en-US': 'dry-run protection level' },
  'alarm.setpointValue': { 'zh-CN': '{name}（{value}）', 'en-US': '{name} ({value})' },
  'alarm.range.between': { 'zh-CN': '{metric} 在 {min} ~ {max} 之间', 'en-US': '{metric} between {min} and {max}' },
  'alarm.range.outside': { 'zh-CN': '{metric} 不在 {min} ~ {max} 之间', 'en-US': '{metric} outside {min} to {max}' },
  'alarm.rate.rise': {
    'zh-CN': '{metric} {minutes} 分钟内上升 ≥ {amount}',
    'en-US': '{metric} rises by {amount} or more within {minutes} min',
  },
  'alarm.rate.fall': {
    'zh-CN': '{metric} {minutes} 分钟内下降 ≥ {amount}',
    'en-US': '{metric} falls by {amount} or more within {minutes} min',
  },
  'alarm.rate.either': {
    'zh-CN': '{metric} {minutes} 分钟内变化 ≥ {amount}',
    'en-US': '{metric} changes by {amount} or more within {minutes} min',
  },
  'alarm.nodata': { 'zh-CN': '{metric} {minutes} 分钟无数据', 'en-US': 'No {metric} reading for {minutes} min' },
  'alarm.event': { 'zh-CN': '事件：{event}', 'en-US': 'Event: {event}' },
  'alarm.and': { 'zh-CN': ' 且 ', 'en-US': ' and ' },
  'alarm.or': { 'zh-CN': '；或 ', 'en-US': '; or ' },
  'alarm.then': { 'zh-CN': '，', 'en-US': ', ' },
  'alarm.duration': { 'zh-CN': '持续 {minutes} 分钟', 'en-US': 'for {minutes} min' },
  'alarm.repeat': { 'zh-CN': '{minutes} 分钟内 {count} 次', 'en-US': '{count} times within {minutes} min' },
  'alarm.scope.type': { 'zh-CN': '该类型全部设备', 'en-US': 'All devices of the type' },
  'alarm.scope.devices': { 'zh-CN': '{n} 台设备', 'en-US': '{n} devices' },
  'alarm.scope.device': { 'zh-CN': '1 台设备', 'en-US': '1 device' },
  'alarm.scope.region': { 'zh-CN': '{name}（含下级区域）', 'en-US': '{name} and below' },
  'alarm.copyName': { 'zh-CN': '{name} (副本)', 'en-US': '{name} (copy)' },
  'telemetry.badSecret': { 'zh-CN': '设备编码或密钥错误', 'en-US': 'Unknown device or wrong device secret' },
  'telemetry.deviceDisabled': {
    'zh-CN': '设备已停用或已归档，不再接收数据',
    'en-US': 'The device is disabled or archived and takes no readings',
  },
  'telemetry.busy': { 'zh-CN': '数据接入繁忙，请稍后重试', 'en-US': 'Ingest is busy; retry shortly' },
  'http.badRequest': { 'zh-CN': '请求参数错误', 'en-US': 'Bad request' },
  'http.validation': {
    'zh-CN': '请求参数校验失败：{detail}',
    'en-US': 'Validation failed: {detail}',
  },
  'http.invalidJson': {
    'zh-CN': '请求体不是有效的 JSON',
    'en-US': 'The request body is not valid JSON',
  },
  'http.unsupportedMediaType': {
    'zh-CN': '不支持的请求内容类型',
    'en-US': 'Unsupported content type',
  },
  'http.unauthorized': { 'zh-CN': '未授权', 'en-US': 'Unauthorized' },
  'http.forbidden': { 'zh-CN': '禁止访问', 'en-US': 'Forbidden' },
  'http.notFound': { 'zh-CN': '接口不存在', 'en-US': 'Not found' },
  'http.methodNotAllowed': { 'zh-CN': '请求方法不允许', 'en-US': 'Method not allowed' },
  'http.conflict': { 'zh-CN': '数据冲突', 'en-US': 'Conflict' },
  'http.payloadTooLarge': {
    'zh-CN': '请求体过大，上限 {limit} 字节',
    'en-US': 'The request body is too large (limit {limit} bytes)',
  },
  'http.tooManyRequests': {
    'zh-CN': '请求过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Too many requests: try again in {seconds} s',
  },
  'http.internal': {
    'zh-CN': '服务器内部错误，请稍后再试',
    'en-US': 'Internal server error; please try again later',
  },
  'http.unavailable': {
    'zh-CN': '服务暂不可用',
    'en-US': 'Service unavailable',
  },
  // Who may hand out what (modules/roles/grants.ts).
  'users.roleBeyondYours': {
    'zh-CN': '不能分配角色“{name}”：它含有您自己没有的权限',
    'en-US': 'You cannot assign the role "{name}": it grants more than you hold',
  },
  'users.userBeyondYours': {
    'zh-CN': '不能管理该用户：其角色含有您自己没有的权限',
    'en-US': 'You cannot manage this user: their roles grant more than you hold',
  },
  'users.departmentOutsideScope': {
    'zh-CN': '该部门不在您的数据权限范围内',
    'en-US': 'That department is outside your data scope',
  },
  'users.import.departmentOutsideScope': {
    'zh-CN': '部门“{name}”不在您的数据权限范围内',
    'en-US': 'The department "{name}" is outside your data scope',
  },
  'roles.grantBeyondYours': {
    'zh-CN': '不能授予您自己没有的菜单或权限',
    'en-US': 'You cannot grant menus or permissions you do not hold yourself',
  },
  'roles.ownRole': {
    'zh-CN': '不能修改您自己持有的角色',
    'en-US': 'You cannot change a role you hold yourself',
  },
  'roles.scopeBeyondYours': {
    'zh-CN': '不能授予超出您自己数据权限的数据范围',
    'en-US': 'You cannot give a role a data scope wider than your own',
  },
  // Notification templates and channels (issue 16): why a delivery failed (DELIVERY_ERROR_CODES), the channel test.
  'notify.error.noBalance': { 'zh-CN': '短信余额不足', 'en-US': 'SMS balance used up' },
  'notify.error.noAddress': {
    'zh-CN': '无接收地址（未填写手机号、邮箱或网址）',
    'en-US': 'No address (no phone, e-mail or URL)',
  },
  'notify.error.channelOff': { 'zh-CN': '渠道未启用或未配置', 'en-US': 'Channel off or not set up' },
  'notify.error.http': { 'zh-CN': '对方服务返回错误', 'en-US': 'The provider answered with an error' },
  'notify.error.rejected': { 'zh-CN': '对方拒收', 'en-US': 'Refused by the provider' },
  'notify.error.timeout': { 'zh-CN': '对方无响应（超时）', 'en-US': 'No answer in time' },
  'notify.error.network': { 'zh-CN': '无法连接', 'en-US': 'Could not connect' },
  'notify.error.smtp': { 'zh-CN': '邮件服务器拒收', 'en-US': 'The mail server refused it' },
  'notify.error.exhausted': { 'zh-CN': '重试次数已用完', 'en-US': 'Retries used up' },
  'notify.test.title': { 'zh-CN': '【测试】消息渠道测试', 'en-US': '[Test] Message channel test' },
  'notify.test.body': {
    'zh-CN': '这是 {user} 于 {time} 从水务运营平台发出的测试消息。收到即说明该渠道可以正常送达，无需回复。',
    'en-US':
      'A test message sent by {user} at {time} from the water operations console. If you can read it, the channel delivers; no reply is needed.',
  },
  'notify.channel.inAppAlwaysOn': {
    'zh-CN': '站内信始终开启，不能关闭',
    'en-US': 'In-app messages are always on and cannot be turned off',
  },
  // Water quality (issue 18): refusals, the lab import's columns and reasons, the monthly report.
  'wq.nationalReadOnly': {
    'zh-CN': '国家标准限值不能修改或删除：请复制后调整副本',
    'en-US': 'A national standard’s limits cannot be changed or deleted: copy the set and adjust the copy',
  },
  'wq.setNameTaken': { 'zh-CN': '已有同名的限值标准', 'en-US': 'A limit set with this name already exists' },
  'wq.setInUse': {
    'zh-CN': '有 {n} 个监测点使用该限值标准，请先为它们改选其他标准',
    'en-US': '{n} site(s) are judged by this set: give them another set first',
  },
  'wq.siteCodeTaken': { 'zh-CN': '监测点编码已存在', 'en-US': 'A site with this code already exists' },
  'wq.siteHasResults': {
    'zh-CN': '该监测点已有 {n} 条监测结果，不能删除；如不再监测，请停用它',
    'en-US': 'This site has {n} result(s) and cannot be deleted; disable it instead if it is no longer monitored',
  },
  'wq.duplicateSample': {
    'zh-CN': '该监测点的样品 {sampleId} 已有“{parameter}”结果',
    'en-US': 'Sample {sampleId} already has a {parameter} result at this site',
  },
  'wq.labOnly': {
    'zh-CN': '在线结果来自分析仪，不能更正或删除；只有化验结果可以',
    'en-US': 'Online results come from the analysers and cannot be corrected or deleted; only lab results can',
  },
  'wq.source.online': { 'zh-CN': '在线', 'en-US': 'Online' },
  'wq.source.lab': { 'zh-CN': '化验', 'en-US': 'Lab' },
  'wq.import.templateName': { 'zh-CN': '化验结果导入模板', 'en-US': 'lab-results-import-template' },
  'wq.import.col.sampleId': { 'zh-CN': '样品编号', 'en-US': 'Sample ID' },
  'wq.import.col.site': { 'zh-CN': '监测点编码', 'en-US': 'Site code' },
  'wq.import.col.sampledAt': { 'zh-CN': '采样时间', 'en-US': 'Sampled at' },
  'wq.import.col.parameter': { 'zh-CN': '检测项目', 'en-US': 'Parameter' },
  'wq.import.col.value': { 'zh-CN': '检测值', 'en-US': 'Value' },
  'wq.import.col.belowDetection': { 'zh-CN': '低于检出限', 'en-US': 'Below detection' },
  'wq.import.col.analyst': { 'zh-CN': '检测人', 'en-US': 'Analyst' },
  'wq.import.yes': { 'zh-CN': '是', 'en-US': 'Yes' },
  'wq.import.unknownSite': {
    'zh-CN': '监测点“{value}”不存在或不在您的数据权限范围内',
    'en-US': 'No site "{value}" within your data scope',
  },
  'wq.import.siteDisabled': { 'zh-CN': '监测点“{value}”已停用', 'en-US': 'Site "{value}" is disabled' },
  'wq.import.unknownParameter': { 'zh-CN': '检测项目“{value}”不存在', 'en-US': 'No parameter "{value}"' },
  'wq.import.badValue': {
    'zh-CN': '“{value}”不是检测值（填数字，或“<0.025”“未检出”“ND”）',
    'en-US': '"{value}" is not a value (a number, or "<0.025", "ND")',
  },
  'wq.import.outOfRange': {
    'zh-CN': '{value} 超出该项目可能的范围（{min}–{max}）',
    'en-US': '{value} is outside what this parameter can read ({min}–{max})',
  },
  'wq.import.noMdl': {
    'zh-CN': '该项目未设检出限，“未检出”须写明检出限，如“<0.5”',
    'en-US': 'This parameter has no detection limit set: write it, e.g. "<0.5"',
  },
  'wq.import.badFlag': {
    'zh-CN': '“{value}”应为“是”或“否”',
    'en-US': '"{value}" should be yes or no',
  },
  'wq.import.badTime': {
    'zh-CN': '“{value}”不是时间，请写作 2026-11-27 09:30',
    'en-US': '"{value}" is not a time: write it as 2026-11-27 09:30',
  },
  'wq.import.future': { 'zh-CN': '采样时间晚于现在', 'en-US': 'The sampling time is in the future' },
  'wq.import.sampleTimes': {
    'zh-CN': '同一样品的各行采样时间须相同',
    'en-US': 'Every row of one sample has the same sampling time',
  },
  'wq.import.stored': {
    'zh-CN': '该样品的“{parameter}”结果已录入',
    'en-US': 'This sample’s {parameter} result is stored already',
  },
  'wq.import.duplicateInFile': {
    'zh-CN': '与文件中前面的行重复（同一监测点、样品和项目）',
    'en-US': 'Repeats an earlier row of the file (same site, sample and parameter)',
  },
  'wq.import.required': { 'zh-CN': '必填', 'en-US': 'required' },
  'wq.report.fileName': { 'zh-CN': '水质达标月报', 'en-US': 'water-quality-report' },
  'wq.report.sheet.rates': { 'zh-CN': '达标率', 'en-US': 'Compliance' },
  'wq.report.sheet.exceedances': { 'zh-CN': '超标记录', 'en-US': 'Exceedances' },
  'wq.report.col.site': { 'zh-CN': '监测点编码', 'en-US': 'Site code' },
  'wq.report.col.siteName': { 'zh-CN': '监测点', 'en-US': 'Site' },
  'wq.report.col.kind': { 'zh-CN': '类型', 'en-US': 'Kind' },
  'wq.report.col.parameter': { 'zh-CN': '检测项目', 'en-US': 'Parameter' },
  'wq.report.col.unit': { 'zh-CN': '单位', 'en-US': 'Unit' },
  'wq.report.col.judged': { 'zh-CN': '评价次数', 'en-US': 'Judged' },
  'wq.report.col.compliant': { 'zh-CN': '达标次数', 'en-US': 'Compliant' },
  'wq.report.col.exceeding': { 'zh-CN': '超标次数', 'en-US': 'Exceeding' },
  'wq.report.col.rate': { 'zh-CN': '达标率（%）', 'en-US': 'Compliance rate (%)' },
  'wq.report.col.sampledAt': { 'zh-CN': '采样时间', 'en-US': 'Sampled at' },
  'wq.report.col.source': { 'zh-CN': '来源', 'en-US': 'Source' },
  'wq.report.col.sample': { 'zh-CN': '样品编号/分析仪', 'en-US': 'Sample / analyser' },
  'wq.report.col.value': { 'zh-CN': '检测值', 'en-US': 'Value' },
  'wq.report.col.limit': { 'zh-CN': '限值', 'en-US': 'Limit' },
  'wq.report.col.exceedance': { 'zh-CN': '超标倍数', 'en-US': 'Times over' },
  'wq.report.col.grade': { 'zh-CN': '水质类别', 'en-US': 'Class' },
  'wq.report.col.citation': { 'zh-CN': '限值依据', 'en-US': 'Limit cited' },
  'wq.report.col.set': { 'zh-CN': '限值标准', 'en-US': 'Limit set' },
  'wq.report.col.standard': { 'zh-CN': '标准', 'en-US': 'Standard' },
  'wq.report.allParameters': { 'zh-CN': '全部项目', 'en-US': 'All parameters' },
  'wq.report.total': { 'zh-CN': '合计', 'en-US': 'Total' },
  'wq.report.cold': { 'zh-CN': '（水温≤12°C）', 'en-US': ' (water ≤ 12 °C)' },
  'camera.codeTaken': { 'zh-CN': '摄像头编号已存在', 'en-US': 'A camera with this code already exists' },
  'camera.disabled': { 'zh-CN': '该摄像头已停用', 'en-US': 'This camera is disabled' },
  'camera.sourceUnavailable': {
    'zh-CN': '暂时无法取得该摄像头的视频流：{detail}',
    'en-US': 'The camera’s stream cannot be reached now: {detail}',
  },
  'camera.linkInvalid': {
    'zh-CN': '链接无效：它不是本系统生成的，或已被改动',
    'en-US': 'This link is not valid: it was not made by this console, or it was altered',
  },
  'camera.linkExpired': {
    'zh-CN': '链接已过期，请向发送者索取新链接',
    'en-US': 'This link has expired: ask its sender for a new one',
  },
  'camera.linkRevoked': { 'zh-CN': '链接已被撤销', 'en-US': 'This link was revoked' },
  'camera.ptzUnsupported': {
    'zh-CN': '该摄像头不支持云台控制（须为萤石云或国标接入且具备云台）',
    'en-US': 'This camera has no PTZ control (it needs PTZ and an EZVIZ or GB28181 source)',
  },
  'camera.platformInUse': {
    'zh-CN': '还有 {count} 个摄像头通过该平台接入，不能删除',
    'en-US': '{count} cameras are reached through this platform: it cannot be deleted',
  },
  'camera.layoutNameTaken': { 'zh-CN': '已有同名的画面布局', 'en-US': 'You already have a layout with this name' },
  'camera.ffmpegMissing': {
    'zh-CN': '服务器未安装 ffmpeg，无法转换 RTSP 视频流',
    'en-US': 'ffmpeg is not installed on the server: RTSP streams cannot be converted',
  },
  'camera.rtspBusy': {
    'zh-CN': '同时转换的 RTSP 视频流已达上限（{max} 路），请稍后再试',
    'en-US': 'The server already converts its most RTSP streams ({max}): try again shortly',
  },
  'camera.platformError': {
    'zh-CN': '视频平台返回错误：{detail}',
    'en-US': 'The video platform answered with an error: {detail}',
  },
  'camera.probe.ok': { 'zh-CN': '视频流可用', 'en-US': 'The stream answers' },
  'camera.probe.http': { 'zh-CN': '地址返回 HTTP {status}', 'en-US': 'The address answered HTTP {status}' },
  'camera.probe.timeout': { 'zh-CN': '{seconds} 秒内无应答', 'en-US': 'No answer within {seconds} s' },
  'camera.probe.unreachable': { 'zh-CN': '无法连接到 {host}', 'en-US': 'Cannot connect to {host}' },
  'camera.probe.notHls': { 'zh-CN': '返回的内容不是 HLS 播放列表', 'en-US': 'The answer is not an HLS playlist' },
  'camera.probe.notFlv': { 'zh-CN': '返回的内容不是 FLV 视频流', 'en-US': 'The answer is not an FLV stream' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof messages;

export function t(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template: string = messages[key][locale] ?? messages[key][DEFAULT_LOCALE];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A contract's validation message key in the caller's language, or null if it is not one. */
export function tValidation(locale: Locale, key: string): string | null {
  return isValidationMessageKey(key) ? validationMessages[key][locale] : null;
}

/** Picks zh-CN or en-US from an Accept-Language header (q-values honoured); zh-CN by default. */
export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  let best: { locale: Locale; q: number } | null = null;
  for (const part of header.split(',')) {
    const [tag = '', ...rest] = part.trim().split(';');
    const qParam = rest.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const lower = tag.toLowerCase();
    const locale: Locale | null = lower.startsWith('zh') ? 'zh-CN' : lower.startsWith('en') ? 'en-US' : null;
    if (locale && (!best || q > best.q)) best = { locale, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
