import { z } from 'zod';
import type { Locale } from './locale.ts';

/**
 * Messages that contract schemas attach to their rules. The server answers them in the caller's
 * language, the console shows them in its own: both read this one table.
 */
export const validationMessages = {
  'validation.phone': {
    'zh-CN': '请输入有效的中国大陆手机号',
    'en-US': 'Enter a valid mainland China mobile number',
  },
  'validation.smsCode': { 'zh-CN': '验证码为 6 位数字', 'en-US': 'The code is 6 digits' },
  'validation.required': { 'zh-CN': '必填', 'en-US': 'Required' },
  'validation.tooLong': { 'zh-CN': '内容过长', 'en-US': 'Too long' },
  'validation.passwordWeak': {
    'zh-CN': '密码须为 8–64 位，且同时包含字母和数字',
    'en-US': 'Use 8–64 characters with both letters and digits',
  },
  'validation.username': {
    'zh-CN': '用户名为 2–64 位字母、数字或 . _ @ -',
    'en-US': 'Usernames are 2–64 letters, digits or . _ @ -',
  },
  'validation.email': { 'zh-CN': '请输入有效的邮箱地址', 'en-US': 'Enter a valid email address' },
  'validation.url': { 'zh-CN': '请输入以 http(s):// 开头的网址', 'en-US': 'Enter a URL starting with http(s)://' },
  'validation.money': { 'zh-CN': '金额最多两位小数', 'en-US': 'At most two decimals' },
  'validation.creditCode': {
    'zh-CN': '统一社会信用代码应为 18 位，且校验位正确',
    'en-US': 'A unified social credit code has 18 characters and a valid check character',
  },
  'validation.contactPhone': {
    'zh-CN': '请输入手机号或座机号（如 0571-88888888）',
    'en-US': 'Enter a mobile or a landline number (e.g. 0571-88888888)',
  },
  'validation.roleCode': {
    'zh-CN': '角色编码为 2–32 位小写字母、数字、_ 或 -，以字母开头',
    'en-US': 'Role codes are 2–32 lower-case letters, digits, _ or -, starting with a letter',
  },
  'validation.customScopeNeedsDepartments': {
    'zh-CN': '自定义数据权限须至少选择一个部门',
    'en-US': 'A custom data scope needs at least one department',
  },
  'validation.permission': {
    'zh-CN': '权限标识形如 system:user:list',
    'en-US': 'Permission strings look like system:user:list',
  },
  'validation.routeName': {
    'zh-CN': '路由名称只能包含字母、数字和 _ - . : *',
    'en-US': 'Route names may contain letters, digits and _ - . : * only',
  },
  'validation.buttonNeedsPermission': {
    'zh-CN': '按钮须填写权限标识',
    'en-US': 'A button needs a permission string',
  },
  'validation.thingKey': {
    'zh-CN': '标识为小写字母开头的 1–32 位小写字母、数字或下划线',
    'en-US': 'Keys are 1–32 lower-case letters, digits or underscores, starting with a letter',
  },
  'validation.idempotencyKey': {
    'zh-CN': '提交标识为 8–64 位字母、数字、下划线或连字符',
    'en-US': 'The submit key is 8–64 letters, digits, underscores or hyphens',
  },
  'validation.unknownCommand': {
    'zh-CN': '该水泵控制器的物模型中没有指令 {name}',
    'en-US': 'The pump controller’s thing model declares no command {name}',
  },
  'validation.unknownParam': {
    'zh-CN': '指令没有参数 {name}',
    'en-US': 'The command has no parameter {name}',
  },
  'validation.paramType': {
    'zh-CN': '参数 {name} 应为{type}',
    'en-US': 'Parameter {name} must be of type {type}',
  },
  'validation.paramRange': {
    'zh-CN': '参数 {name} 应在 {min} 到 {max} 之间',
    'en-US': 'Parameter {name} must be between {min} and {max}',
  },
  'validation.paramOption': {
    'zh-CN': '参数 {name} 只能取 {options}',
    'en-US': 'Parameter {name} must be one of {options}',
  },
  'validation.unknownPump': {
    'zh-CN': '水泵不存在',
    'en-US': 'No such pump',
  },
  'validation.rangeOrder': { 'zh-CN': '上限不能小于下限', 'en-US': 'The maximum cannot be below the minimum' },
  'validation.enumNeedsOptions': {
    'zh-CN': '枚举类型须至少有一个选项',
    'en-US': 'An enum needs at least one option',
  },
  'validation.duplicateKey': {
    'zh-CN': '同一类别中的标识不能重复',
    'en-US': 'Keys must be unique within metrics, events and commands',
  },
  'validation.regionCode': {
    'zh-CN': '区域编码为 1–32 位字母、数字、_ 或 -',
    'en-US': 'Region codes are 1–32 letters, digits, _ or -',
  },
  'validation.position': {
    'zh-CN': '坐标须为 [经度, 纬度]，经度 -180–180，纬度 -90–90',
    'en-US': 'Positions are [longitude, latitude], longitude -180–180, latitude -90–90',
  },
  'validation.ringOpen': {
    'zh-CN': '边界须为至少 4 个点的闭合环（首尾相同）',
    'en-US': 'A boundary ring needs at least 4 positions, the last equal to the first',
  },
  'validation.deviceCode': {
    'zh-CN': '设备编码为 1–40 位字母、数字或 _ . -，以字母或数字开头',
    'en-US': 'Device codes are 1–40 letters, digits or _ . -, starting with a letter or digit',
  },
  'validation.date': { 'zh-CN': '日期格式应为 YYYY-MM-DD', 'en-US': 'Dates are YYYY-MM-DD' },
  'validation.longitude': { 'zh-CN': '经度须在 -180 到 180 之间', 'en-US': 'Longitude is between -180 and 180' },
  'validation.latitude': { 'zh-CN': '纬度须在 -90 到 90 之间', 'en-US': 'Latitude is between -90 and 90' },
  'validation.coordinatesPair': {
    'zh-CN': '经度和纬度须同时填写',
    'en-US': 'Give both longitude and latitude, or neither',
  },
  'validation.warrantyBeforeInstall': {
    'zh-CN': '质保截止日期不能早于安装日期',
    'en-US': 'The warranty cannot end before the installation date',
  },
  'validation.dateTime': {
    'zh-CN': '请输入带时区的时间（ISO 8601）',
    'en-US': 'Enter a time with its offset (ISO 8601)',
  },
  'validation.timeRangeOrder': {
    'zh-CN': '结束时间须晚于开始时间',
    'en-US': 'The end must be later than the start',
  },
  'validation.seriesKey': {
    'zh-CN': '曲线应写作“设备ID:指标标识”',
    'en-US': 'A series is written deviceId:metric',
  },
  'validation.scrapViaArchive': {
    'zh-CN': '报废请在设备上执行“归档”：归档会记下报废记录并让设备退出使用',
    'en-US': 'To scrap a device, archive it: archiving writes the scrapping entry and takes it out of service',
  },
  'validation.nextDueAfterDate': {
    'zh-CN': '下次校准日期须晚于本次日期',
    'en-US': 'The next calibration must be due after this one',
  },
  'validation.nextDueCalibrationOnly': {
    'zh-CN': '只有校准记录可填写下次校准日期',
    'en-US': 'Only a calibration has a next due date',
  },
  'validation.controlChars': {
    'zh-CN': '不能包含控制字符',
    'en-US': 'Must not contain control characters',
  },
  'validation.id': {
    'zh-CN': '编号应为正整数（如 12）',
    'en-US': 'Ids are positive whole numbers written plainly (e.g. 12)',
  },
  'validation.markup': {
    'zh-CN': '不能包含 HTML 标签（如 <b>、</p>、<!-- -->）',
    'en-US': 'Must not contain HTML tags (such as <b>, </p>, <!-- -->)',
  },
  'validation.brokenText': {
    'zh-CN': '包含无效字符（孤立的 UTF-16 代理项或 NUL）',
    'en-US': 'Contains an invalid character (a lone UTF-16 surrogate or NUL)',
  },
  'validation.stationCode': {
    'zh-CN': '泵站编码为 1–32 位字母、数字、_ 或 -，以字母或数字开头',
    'en-US': 'Station codes are 1–32 letters, digits, _ or -, starting with a letter or digit',
  },
  'validation.pumpNumberTaken': {
    'zh-CN': '同一泵站的水泵编号不能重复',
    'en-US': 'Pump numbers are unique within a station',
  },
  'validation.sensorRoleTaken': {
    'zh-CN': '每种测点只能指定一台设备',
    'en-US': 'Each measurement takes one device',
  },
  'validation.levelsPair': {
    'zh-CN': '启泵液位和停泵液位须同时填写',
    'en-US': 'Give both the start and the stop level, or neither',
  },
  'validation.stopBelowStart': {
    'zh-CN': '停泵液位须低于启泵液位',
    'en-US': 'The stop level must be below the start level',
  },
  'validation.wellDepthNeeded': {
    'zh-CN': '设置液位设定值须先填写前池深度',
    'en-US': 'Level set-points need the depth of the wet well',
  },
  'validation.withinWellDepth': {
    'zh-CN': '液位设定值须在 0 到前池深度之间',
    'en-US': 'Set-points lie between 0 and the depth of the wet well',
  },
  'validation.lowBelowHigh': {
    'zh-CN': '低液位报警值须低于高液位报警值',
    'en-US': 'The low-level alarm must be below the high-level alarm',
  },
  'validation.protectionAboveStop': {
    'zh-CN': '干运行保护液位不能高于任何一台泵的停泵液位',
    'en-US': 'The dry-run protection level cannot be above any pump’s stop level',
  },
  'validation.metricNeedsDevice': {
    'zh-CN': '请先选择控制设备，再映射其监测项',
    'en-US': 'Pick the controller device before mapping its metrics',
  },
  'validation.unknownMetric': {
    'zh-CN': '该设备类型的物模型中没有这个监测项',
    'en-US': 'The device type’s thing model has no such metric',
  },
  'validation.unknownDevice': {
    'zh-CN': '设备不存在、已归档或不在您的数据权限范围内',
    'en-US': 'No such device in service within your data scope',
  },
  'validation.deviceOnOtherStation': {
    'zh-CN': '该设备属于另一个泵站',
    'en-US': 'This device belongs to another station',
  },
  'validation.unknownRegion': { 'zh-CN': '监测区域不存在', 'en-US': 'No such monitoring region' },
  'validation.unknownDepartment': { 'zh-CN': '部门不存在', 'en-US': 'No such department' },
  'validation.unknownUser': { 'zh-CN': '用户不存在', 'en-US': 'No such user' },
  'validation.dayRangeOrder': {
    'zh-CN': '结束日期不能早于开始日期',
    'en-US': 'The last day cannot be before the first',
  },
  'validation.dayRangeTooLong': {
    'zh-CN': '日报最多查询 92 天',
    'en-US': 'A daily table covers at most 92 days',
  },
  'validation.resolutionTooFine': {
    'zh-CN': '该时间范围内此分辨率的数据点过多，请选择更粗的分辨率或缩短时间范围',
    'en-US': 'Too many points at this resolution for the range: pick a coarser one or a shorter range',
  },
  'validation.timeOfDay': { 'zh-CN': '请按 HH:mm 填写时间', 'en-US': 'Give the time as HH:mm' },
  'validation.unknownEvent': {
    'zh-CN': '该设备类型的物模型中没有这个事件',
    'en-US': 'The device type’s thing model has no such event',
  },
  'validation.metricWrongType': {
    'zh-CN': '该监测项的数据类型不支持此条件',
    'en-US': 'This condition does not suit the metric’s data type',
  },
  'validation.valueWrongType': {
    'zh-CN': '阈值与监测项的数据类型不符',
    'en-US': 'The value does not match the metric’s data type',
  },
  'validation.unknownDeviceType': { 'zh-CN': '设备类型不存在', 'en-US': 'No such device type' },
  'validation.analysisRangeTooLong': {
    'zh-CN': '分析最多覆盖 400 天',
    'en-US': 'An analysis covers at most 400 days',
  },
  'validation.analysisStationsTooMany': {
    'zh-CN': '最多选择 50 个泵站',
    'en-US': 'Choose at most 50 stations',
  },
  'validation.unknownStation': {
    'zh-CN': '泵站不存在或不在您的数据权限范围内',
    'en-US': 'No such station within your data scope',
  },
  'validation.unknownRole': { 'zh-CN': '角色不存在', 'en-US': 'No such role' },
  'validation.deviceOfOtherType': {
    'zh-CN': '该设备不是规则所选的设备类型',
    'en-US': 'This device is not of the rule’s device type',
  },
  'validation.offlineRuleExists': {
    'zh-CN': '该设备类型或设备已有离线规则',
    'en-US': 'This device type or device already has an offline rule',
  },
  'validation.unknownVariable': {
    'zh-CN': '未知变量 {name}：此用途的模板可用 {known}',
    'en-US': 'Unknown variable {name}: templates of this purpose offer {known}',
  },
  'validation.smsTooLong': {
    'zh-CN': '短信渲染后为 {segments} 条（{chars} 字），超过 {limit} 条上限',
    'en-US': 'The SMS renders as {segments} segments ({chars} characters), over the limit of {limit}',
  },
  'validation.markdownTooLong': {
    'zh-CN': '渲染后 {bytes} 字节，超过该机器人 {limit} 字节的上限',
    'en-US': 'It renders as {bytes} bytes, over the robot’s limit of {limit}',
  },
  'validation.fallbackSameChannel': {
    'zh-CN': '备用渠道不能是模板自身的渠道',
    'en-US': 'The fallback cannot be the template’s own channel',
  },
  'validation.link': {
    'zh-CN': '链接须为控制台内的路径，如 /bz/alarm',
    'en-US': 'A link is a console path such as /bz/alarm',
  },
  'validation.noRecipients': {
    'zh-CN': '所选对象中没有可接收消息的用户',
    'en-US': 'The chosen recipients include no user who can receive it',
  },
  'validation.scheduleInPast': {
    'zh-CN': '定时时间须在现在之后 30 天内',
    'en-US': 'A scheduled time must be within the next 30 days',
  },
  'validation.channelOff': {
    'zh-CN': '渠道未启用或未配置：{name}',
    'en-US': 'Channel off or not set up: {name}',
  },
  'validation.externalImage': {
    'zh-CN': '不能引用外部图片：外部图片会向其所有者泄露阅读情况，且在无外网的调度室无法显示',
    'en-US': 'Images from other sites are not allowed: they tell their owner who read this, and fail without internet',
  },
  'validation.duplicate': { 'zh-CN': '与前面的条目重复', 'en-US': 'Repeats an entry above' },
  'validation.month': { 'zh-CN': '月份格式为 YYYY-MM', 'en-US': 'A month is written YYYY-MM' },
  'validation.wqLimitEmpty': {
    'zh-CN': '限值至少要有上限或下限（低温限值须同时有常规上限）',
    'en-US': 'A limit needs an upper or a lower bound (a cold-water limit needs the usual upper bound too)',
  },
  'validation.wqLimitOrder': { 'zh-CN': '下限不能大于上限', 'en-US': 'The lower bound is above the upper bound' },
  'validation.wqSetKind': {
    'zh-CN': '该限值标准不适用于此类监测点',
    'en-US': 'This limit set is not for this kind of site',
  },
  'validation.wqTargetGrade': {
    'zh-CN': '地表水监测点须选择目标水质类别（I–V类），其他监测点不设',
    'en-US': 'A surface-water site needs a target class (I–V); other sites have none',
  },
  'validation.wqLimitGrade': {
    'zh-CN': '分类别的标准（地表水）每条限值须注明类别（I–V类），不分类别的标准不注明',
    'en-US': 'A limit of a graded set (surface water) names its class (I–V); a set without classes names none',
  },
  'validation.wqUnknownSet': { 'zh-CN': '限值标准不存在', 'en-US': 'No such limit set' },
  'validation.wqUnknownSite': {
    'zh-CN': '监测点不存在或不在您的数据权限范围内',
    'en-US': 'No such site within your data scope',
  },
  'validation.wqSiteDisabled': {
    'zh-CN': '该监测点已停用，不能录入结果',
    'en-US': 'This site is disabled: no results can be entered for it',
  },
  'validation.wqNotAnalyser': {
    'zh-CN': '该设备不是水质分析仪',
    'en-US': 'This device is not a water-quality analyser',
  },
  'validation.wqDeviceOtherSite': {
    'zh-CN': '该分析仪已属于另一个监测点',
    'en-US': 'This analyser measures at another site',
  },
  'validation.wqRangeTooLong': { 'zh-CN': '最多查询 400 天', 'en-US': 'A range covers at most 400 days' },
  'validation.wqMonthsTooMany': { 'zh-CN': '最多查询 24 个月', 'en-US': 'At most 24 months at a time' },
  'validation.monthOrder': {
    'zh-CN': '结束月份不能早于开始月份',
    'en-US': 'The last month cannot be before the first',
  },
  'validation.wqValueRange': {
    'zh-CN': '数值超出该参数可能的范围（pH 0–14，水温 −5–100 °C，其余不小于 0）',
    'en-US': 'Outside what this parameter can read (pH 0–14, temperature −5–100 °C, others 0 or more)',
  },
  'validation.wqFuture': { 'zh-CN': '采样时间不能晚于现在', 'en-US': 'The sampling time cannot be in the future' },
  'validation.cameraCode': {
    'zh-CN': '编号为 1–32 位字母、数字、_ 或 -，以字母或数字开头',
    'en-US': 'Codes are 1–32 letters, digits, _ or -, starting with a letter or digit',
  },
  'validation.cameraUrl': {
    'zh-CN': '地址与接入方式不符（HLS、HTTP-FLV、WHEP 用 http(s)://，WS-FLV 用 ws(s)://，RTSP 用 rtsp://）',
    'en-US':
      'The address does not fit the source (http(s):// for HLS, HTTP-FLV and WHEP, ws(s):// for WS-FLV, rtsp:// for RTSP)',
  },
  'validation.cameraUrlCredentials': {
    'zh-CN': '地址中不要写用户名和密码，请填在用户名、密码栏（密码只保存在服务器）',
    'en-US':
      'Leave the user and password out of the address: put them in the username and password fields (kept on the server only)',
  },
  'validation.cameraOnePlace': {
    'zh-CN': '摄像头只能关联一个泵站或一个水质监测点',
    'en-US': 'A camera belongs to one station or one water-quality site, not both',
  },
  'validation.cameraPlace': {
    'zh-CN': '请选择泵站、水质监测点或所属区域',
    'en-US': 'Choose a station, a water-quality site or a region',
  },
  'validation.ezvizSerial': {
    'zh-CN': '萤石设备序列号为 6–32 位字母或数字（见设备标签）',
    'en-US': 'An EZVIZ serial is 6–32 letters or digits (on the device label)',
  },
  'validation.gb28181Id': {
    'zh-CN': '国标编码为 20 位数字',
    'en-US': 'A GB28181 id is 20 digits',
  },
  'validation.cameraPtzSource': {
    'zh-CN': '云台控制须通过萤石云或国标（GB28181）平台接入',
    'en-US': 'PTZ control needs an EZVIZ or GB28181 source',
  },
  'validation.cameraShareMinutes': {
    'zh-CN': '有效期为 5 分钟至 7 天',
    'en-US': 'A link lasts from 5 minutes to 7 days',
  },
  'validation.cameraUnreachable': {
    'zh-CN': '无法打开该视频地址（{detail}），请检查地址和网络',
    'en-US': 'This stream cannot be opened ({detail}): check the address and the network',
  },
  'validation.unknownPlatform': { 'zh-CN': '视频平台不存在或类型不符', 'en-US': 'No such video platform of this kind' },
  'validation.cameraTiles': {
    'zh-CN': '画面数超过所选分屏',
    'en-US': 'More tiles than the grid holds',
  },
  'validation.unknownCamera': {
    'zh-CN': '摄像头不存在或不在您的数据权限范围内',
    'en-US': 'No such camera within your data scope',
  },
  'validation.platformKindInUse': {
    'zh-CN': '已有摄像头通过该平台接入，不能更改平台类型',
    'en-US': 'Cameras are reached through this platform: its kind cannot change',
  },
} as const satisfies Record<string, Record<Locale, string>>;
export type ValidationMessageKey = keyof typeof validationMessages;

export function isValidationMessageKey(key: string): key is ValidationMessageKey {
  return Object.hasOwn(validationMessages, key);
}

/** Mainland China mobile numbers: 11 digits starting 13–19. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, { error: 'validation.phone' });

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A single-line text field: trimmed, bounded, no control characters. */
export function text(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .refine((s) => !CONTROL_CHARS.test(s), { error: 'validation.controlChars' });
}

/** The largest id a PostgreSQL `integer` column holds. */
export const ID_MAX = 2_147_483_647;
/** Canonical decimal: no sign, spaces, leading zero, fraction, exponent or hex (issue 12). */
const ID_PATTERN = /^[1-9][0-9]*$/;

/**
 * A record id in a path or a query: only its canonical decimal form ("5", never " 5", "+5",
 * "5.0", "5e0", "05" or "0x5"), within the database's integer range. A number is taken as is
 * (forms and tests parse with the same schema).
 */
export const idSchema = z
  .union([z.string().regex(ID_PATTERN, { error: 'validation.id' }), z.number().int().positive()], {
    error: 'validation.id',
  })
  .transform(Number)
  .pipe(z.number().int().positive().max(ID_MAX, { error: 'validation.id' }));

/**
 * Record ids in one query parameter, comma-separated ("3,5,8"): each in its canonical decimal form,
 * at most `maxItems` of them (`tooMany`: the message over it), the text at most `maxLength` long.
 */
export function idListQuery(maxLength: number, maxItems: number, tooMany?: ValidationMessageKey) {
  return z
    .string()
    .max(maxLength)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^[1-9][0-9]{0,9}$/, { error: 'validation.id' })
            .transform(Number),
        )
        .max(maxItems, tooMany ? { error: tooMany } : undefined),
    );
}

/**
 * An instant with its offset ("2026-11-27T08:30:00+08:00", "…Z"), as a query or a body carries it.
 * A pattern and a parse, not z.iso: that family would land in the sign-in bundle.
 */
export const dateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, { error: 'validation.dateTime' })
  .refine((s) => !Number.isNaN(Date.parse(s)), { error: 'validation.dateTime' });

/** Markup as a browser parses it: `<` then a letter (a tag), `/` (a closing tag), `!` or `?` (comments, declarations). */
const MARKUP = /<[A-Za-z/!?]/;

/**
 * The one rule for plain-text fields (names, titles, descriptions, notes): kept verbatim, since
 * React escapes on render and exports neutralise formulas, but a string holding markup tags is
 * refused, so no field stores HTML that a later consumer (an SMS, a mail, a PDF) could take for
 * markup. "a < b" and "<5 mg/L" pass. Rich text (notice and article bodies) is sanitised HTML
 * instead and does not use it.
 */
export function plainText(max: number) {
  return text(max).refine((s) => !MARKUP.test(s), { error: 'validation.markup' });
}

const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of a unified social credit code (GB 32100-2015) from its first 17. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_CHARS.indexOf(first17[i] ?? '');
    if (value < 0) return null;
    sum += value * (CREDIT_CODE_WEIGHTS[i] ?? 0);
  }
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31] ?? null;
}

export function isValidCreditCode(code: string): boolean {
  return code.length === 18 && creditCodeCheckChar(code.slice(0, 17)) === code[17];
}
