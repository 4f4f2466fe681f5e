import { ALL_PERMISSIONS } from '@water/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, roleMenus, roles, userRoles, users } from '../db/schema/index.ts';
import { createAuthRepository } from '../modules/auth/auth.repository.ts';
import { bearer, createTestApp, resetDatabase, type TestApp } from '../testing/build-app.ts';
import { signInWithoutPermissions } from '../testing/fixtures.ts';
import { hashPassword } from './passwords.ts';

/**
 * Generated from the route table the server registered, not from a list kept by hand: a new route
 * is covered the day it is added, and one that declares no access rule stops the server at start
 * (plugins/auth.ts), which this file would also report.
 */

// Routes anyone may call, reviewed one by one: signing in and its helpers, health, docs, the socket
// (which authenticates in its first frame).
const PUBLIC = new Set([
  'POST /api/user/login',
  // Signing out must work with an expired or revoked token too.
  'POST /api/user/logout',
  'GET /api/user/pc/captcha',
  'POST /api/user/sms',
  'POST /api/user/register',
  'POST /api/user/password/reset',
  'GET /api/openapi.json',
  'GET /api/ws',
  // Devices and gateways: the handler checks the device secret (modules/telemetry).
  'POST /api/ingest/:code',
  'POST /api/ingest/:code/events',
  // Gateways fetching and answering pump commands: the device secret is checked (modules/pump-control).
  'GET /api/ingest/:code/commands',
  'POST /api/ingest/:code/commands/ack',
  // The public home (/bz/index, monitorMange): aggregates only, cached, rate-limited, and 401 once an
  // administrator switches public access off (modules/station-live).
  'GET /api/public/overview',
  // A camera's public link (/bz/cameraDetails): the signed, expiring token is checked, the camera must be
  // enabled, rate-limited per address (modules/cameras).
  'GET /api/public/camera',
  // This server's own streams (demo clips, RTSP conversions), fetched by players: each file needs the
  // `t=` ticket a play answer signed for that camera until a time (modules/cameras/media.routes.ts).
  'GET /api/media/demo/:code/index.m3u8',
  'GET /api/media/demo/:code/:file',
  'GET /api/media/rtsp/:id/index.m3u8',
  'GET /api/media/rtsp/:id/:file',
]);

// Routes any signed-in user may call, reviewed one by one like the public ones: a new route marked
// 'session' fails here until it is added with its reason. Administration never belongs here.
const SESSION = new Set([
  // The console's shell: who am I, my menus (both forms), my role, my account and sessions.
  'GET /api/v1/remote/users/role-info',
  'GET /api/v1/roles/menusTree',
  'POST /api/user/menu',
  'POST /api/user/switch-role',
  'GET /api/user/profile',
  'PUT /api/user/profile',
  'POST /api/user/avatar',
  'POST /api/user/password',
  'GET /api/user/login-history',
  'GET /api/user/sessions',
  'DELETE /api/user/sessions/:id',
  'GET /api/user/visits',
  'POST /api/user/visits',
  'GET /api/user/quick-operations',
  'PUT /api/user/quick-operations',
  // My own messages; notices and the content library every operator reads (writes are guarded).
  'POST /api/message/list',
  'GET /api/message/unread',
  'POST /api/message/read',
  'POST /api/message/read-all',
  'GET /api/notices/announcements',
  'GET /api/notices/:id',
  'GET /api/notices/:id/attachments/:attachmentId',
  'GET /api/content-data',
  'GET /api/popular/list',
  'GET /api/content/category-share',
  'GET /api/content/categories',
  'GET /api/content',
  'GET /api/content/:id',
  'GET /api/workplace/overview',
  // Pickers of forms and filters: names only.
  'GET /api/enterprises/options',
  'GET /api/departments/tree',
  'GET /api/system/roles/options',
  // Operations reading, limited by the region data scope in their handlers (modules/devices, regions,
  // device-archives, monitoring); their writes are guarded.
  'GET /api/device-types',
  'GET /api/device-types/:id',
  'GET /api/map/config',
  'GET /api/regions/tree',
  'GET /api/regions/geojson',
  'GET /api/regions/:id',
  'GET /api/stations',
  'GET /api/devices',
  'GET /api/devices/:id',
  'GET /api/devices/by-code/:code',
  'GET /api/devices/:id/dependents',
  'GET /api/devices/export',
  'GET /api/device-archives',
  'GET /api/device-archives/due-calibrations',
  'GET /api/device-archives/ending-warranties',
  'GET /api/device-archives/:id/attachments/:attachmentId',
  'GET /api/monitoring/points',
  'GET /api/monitoring/history',
  'GET /api/monitoring/history/export',
  // The pump-station configuration the live screens draw from (modules/pump-stations); its editor's
  // device picker and its writes are guarded.
  'GET /api/pump-stations',
  'GET /api/pump-stations/:id',
  // A station's site photos, to whoever may see the station (its region limit decides, else 404).
  'GET /api/pump-stations/:id/photos/:photoId',
  // Live station state, a station's mimic and its trend, within the region limit (modules/station-live).
  'GET /api/pump-stations/live',
  'GET /api/pump-stations/:id/live',
  'GET /api/pump-stations/:id/trend',
  // A station's history, daily table and its export, within the region limit (modules/station-history).
  'GET /api/pump-stations/:id/history',
  'GET /api/pump-stations/:id/daily',
  'GET /api/pump-stations/:id/daily/export',
  // Station analysis over the stations in reach (modules/station-analysis); the export is audited.
  'GET /api/station-analysis/compare',
  'GET /api/station-analysis/compare/export',
  'GET /api/station-analysis/kpis',
  // Pump control (modules/pump-control): the control view, the command history and one command, within
  // the caller's region limit; cancelling is the requester's own, or needs pump:control (the handler checks).
  'GET /api/pump-control/stations/:id',
  'GET /api/pump-control/commands',
  'GET /api/pump-control/commands/:id',
  'POST /api/pump-control/commands/:id/cancel',
  // My own notification channels, language and quiet hours (modules/notify): no route reaches another user's.
  'GET /api/account/notify-prefs',
  'PUT /api/account/notify-prefs',
  // Water quality (modules/water-quality): the parameters and limit sets (no place), the sites, results,
  // latest judgements, history, compliance and the monthly report within the region limit (the report
  // is audited); the lab's writes and the setup are guarded.
  'GET /api/water-quality/parameters',
  'GET /api/water-quality/limit-sets',
  'GET /api/water-quality/sites',
  'GET /api/water-quality/results',
  'GET /api/water-quality/latest',
  'GET /api/water-quality/history',
  'GET /api/water-quality/compliance',
  'GET /api/water-quality/report',
  // Cameras (modules/cameras): the registry and the live view's tree within the region limit; the
  // caller's own layouts (another user's is not found; tiles only cameras the caller may see).
  'GET /api/cameras',
  'GET /api/cameras/tree',
  'GET /api/cameras/:id',
  'GET /api/cameras/layouts',
  'POST /api/cameras/layouts',
  'PUT /api/cameras/layouts/:id',
  'DELETE /api/cameras/layouts/:id',
  // Playing a camera the caller may see (region limit), enabled: its address now, never a credential.
  'GET /api/cameras/:id/play',
]);

// Every guarded route with the permission it must ask for, reviewed one by one like the lists above:
// the tests below prove a route refuses a caller without its permission, but only this list catches a
// route guarded by a real but wrong one (a neighbour module's write, a read where a write belongs).
const GUARDED = new Map<string, string>([
  ['GET /api/telemetry/stats', 'device:telemetry:stats'],
  ['GET /api/notices', 'message:notice:write'],
  ['POST /api/notices', 'message:notice:write'],
  ['PUT /api/notices/:id', 'message:notice:write'],
  ['POST /api/notices/:id/publish', 'message:notice:write'],
  ['POST /api/notices/:id/withdraw', 'message:notice:write'],
  ['POST /api/notices/:id/attachments', 'message:notice:write'],
  ['DELETE /api/notices/:id/attachments/:attachmentId', 'message:notice:write'],
  ['DELETE /api/notices/:id', 'message:notice:write'],
  ['POST /api/content', 'content:item:write'],
  ['PUT /api/content/:id', 'content:item:write'],
  ['DELETE /api/content/:id', 'content:item:write'],
  ['POST /api/content/:id/file', 'content:item:write'],
  ['GET /api/sms/account', 'system:sms:outbox'],
  ['GET /api/sms/ledger', 'system:sms:outbox'],
  ['POST /api/sms/topups', 'system:sms:account'],
  ['PUT /api/sms/account', 'system:sms:account'],
  ['GET /api/enterprises', 'system:enterprise:list'],
  ['POST /api/enterprises', 'system:enterprise:write'],
  ['PUT /api/enterprises/:id', 'system:enterprise:write'],
  ['DELETE /api/enterprises/:id', 'system:enterprise:write'],
  ['POST /api/departments', 'system:dept:write'],
  ['PUT /api/departments/:id', 'system:dept:write'],
  ['DELETE /api/departments/:id', 'system:dept:write'],
  ['GET /api/members', 'system:member:list'],
  ['PUT /api/members', 'system:member:write'],
  ['DELETE /api/members/:departmentId/:userId', 'system:member:write'],
  ['GET /api/system/users/export', 'system:user:list'],
  ['GET /api/system/users/import-template', 'system:user:write'],
  ['POST /api/system/users/import', 'system:user:write'],
  ['GET /api/system/users', 'system:user:list'],
  ['GET /api/system/users/:id', 'system:user:list'],
  ['POST /api/system/users', 'system:user:write'],
  ['PUT /api/system/users/:id', 'system:user:write'],
  ['POST /api/system/users/:id/status', 'system:user:write'],
  ['POST /api/system/users/:id/reset-password', 'system:user:write'],
  ['DELETE /api/system/users/:id', 'system:user:write'],
  ['GET /api/system/roles', 'system:role:list'],
  ['GET /api/system/roles/:id', 'system:role:list'],
  ['POST /api/system/roles', 'system:role:write'],
  ['PUT /api/system/roles/:id', 'system:role:write'],
  ['DELETE /api/system/roles/:id', 'system:role:write'],
  ['GET /api/system/menus', 'system:menu:list'],
  ['POST /api/system/menus', 'system:menu:write'],
  ['PUT /api/system/menus/:id', 'system:menu:write'],
  ['DELETE /api/system/menus/:id', 'system:menu:write'],
  ['GET /api/system/logs/operations/export', 'system:log:list'],
  ['GET /api/system/logs/logins/export', 'system:log:list'],
  ['GET /api/system/logs/operations', 'system:log:list'],
  ['GET /api/system/logs/modules', 'system:log:list'],
  ['GET /api/system/logs/operations/:id', 'system:log:list'],
  ['GET /api/system/logs/logins', 'system:log:list'],
  ['GET /api/system/logs/retention', 'system:log:list'],
  ['PUT /api/system/logs/retention', 'system:log:write'],
  ['POST /api/device-types', 'device:type:write'],
  ['PUT /api/device-types/:id', 'device:type:write'],
  ['DELETE /api/device-types/:id', 'device:type:write'],
  ['POST /api/regions/geojson', 'device:region:write'],
  ['POST /api/regions', 'device:region:write'],
  ['PUT /api/regions/:id', 'device:region:write'],
  ['DELETE /api/regions/:id', 'device:region:write'],
  ['POST /api/devices', 'device:device:write'],
  ['PUT /api/devices/:id', 'device:device:write'],
  ['POST /api/devices/:id/enabled', 'device:device:write'],
  ['POST /api/devices/:id/secret', 'device:device:write'],
  ['POST /api/devices/:id/archive', 'device:device:write'],
  ['DELETE /api/devices/:id', 'device:device:write'],
  ['GET /api/devices/import-template', 'device:device:write'],
  ['POST /api/devices/import', 'device:device:write'],
  ['POST /api/device-archives', 'device:device:write'],
  ['PUT /api/device-archives/:id', 'device:device:write'],
  ['DELETE /api/device-archives/:id', 'device:device:write'],
  ['POST /api/device-archives/:id/attachments', 'device:device:write'],
  ['DELETE /api/device-archives/:id/attachments/:attachmentId', 'device:device:write'],
  ['GET /api/pump-stations/device-options', 'pump:station:write'],
  ['POST /api/pump-stations', 'pump:station:write'],
  ['PUT /api/pump-stations/:id', 'pump:station:write'],
  ['DELETE /api/pump-stations/:id', 'pump:station:write'],
  ['POST /api/pump-stations/:id/photos', 'pump:station:write'],
  ['DELETE /api/pump-stations/:id/photos/:photoId', 'pump:station:write'],
  ['PUT /api/pump-control/stations/:id/settings', 'pump:station:write'],
  ['POST /api/pump-control/commands', 'pump:control'],
  ['POST /api/pump-control/stations/:id/stop-all', 'pump:control'],
  ['POST /api/pump-control/commands/:id/approve', 'pump:approve'],
  ['POST /api/pump-control/commands/:id/refuse', 'pump:approve'],
  ['GET /api/system/settings/public-home', 'system:setting:write'],
  ['PUT /api/system/settings/public-home', 'system:setting:write'],
  // The alarm-rule screens are administrators': reads as well as writes (modules/alarm-rules).
  ['GET /api/alarm-rules', 'alarm:rule:write'],
  ['GET /api/alarm-rules/export', 'alarm:rule:write'],
  ['GET /api/alarm-rules/:id', 'alarm:rule:write'],
  ['POST /api/alarm-rules', 'alarm:rule:write'],
  ['PUT /api/alarm-rules/:id', 'alarm:rule:write'],
  ['PUT /api/alarm-rules/:id/enabled', 'alarm:rule:write'],
  ['POST /api/alarm-rules/:id/copy', 'alarm:rule:write'],
  ['DELETE /api/alarm-rules/:id', 'alarm:rule:write'],
  ['POST /api/alarm-rules/import', 'alarm:rule:write'],
  ['POST /api/alarm-rules/preview', 'alarm:rule:write'],
  ['GET /api/alarm-offline-rules', 'alarm:rule:write'],
  ['POST /api/alarm-offline-rules', 'alarm:rule:write'],
  ['PUT /api/alarm-offline-rules/:id', 'alarm:rule:write'],
  ['DELETE /api/alarm-offline-rules/:id', 'alarm:rule:write'],
  // Alarms (modules/alarms): seen with alarm:view, handled with alarm:handle, each within the region limit.
  ['GET /api/alarms', 'alarm:view'],
  ['GET /api/alarms/counts', 'alarm:view'],
  ['GET /api/alarms/stats', 'alarm:view'],
  ['GET /api/alarms/export', 'alarm:view'],
  ['GET /api/alarms/:id', 'alarm:view'],
  ['GET /api/alarms/assignees', 'alarm:handle'],
  ['POST /api/alarms/acknowledge', 'alarm:handle'],
  ['POST /api/alarms/:id/clear', 'alarm:handle'],
  ['POST /api/alarms/:id/shelve', 'alarm:handle'],
  ['POST /api/alarms/:id/assign', 'alarm:handle'],
  ['POST /api/alarms/:id/comments', 'alarm:handle'],
  // Message push (modules/notify): the log read with notify:view, pushing, resending and cancelling with notify:push.
  ['GET /api/notify/pushes', 'notify:view'],
  ['GET /api/notify/pushes/:id', 'notify:view'],
  ['GET /api/notify/pushes/:id/deliveries', 'notify:view'],
  ['POST /api/notify/pushes/estimate', 'notify:push'],
  ['POST /api/notify/pushes', 'notify:push'],
  ['POST /api/notify/pushes/:id/resend', 'notify:push'],
  ['POST /api/notify/pushes/:id/cancel', 'notify:push'],
  // Message templates and channels (modules/notify): read with notify:view, written and tested with notify:template:write.
  ['GET /api/notify/templates', 'notify:view'],
  ['PUT /api/notify/templates/:id', 'notify:template:write'],
  ['POST /api/notify/templates/:id/reset', 'notify:template:write'],
  ['POST /api/notify/templates/preview', 'notify:view'],
  ['GET /api/notify/channels', 'notify:view'],
  ['PUT /api/notify/channels/:channel', 'notify:template:write'],
  ['POST /api/notify/channels/:channel/test', 'notify:template:write'],
  // Water quality (modules/water-quality): the lab's results with water:result:write, the sites, limit
  // sets and parameters with water:config:write.
  ['PUT /api/water-quality/parameters/:code', 'water:config:write'],
  ['POST /api/water-quality/limit-sets/:id/copy', 'water:config:write'],
  ['PUT /api/water-quality/limit-sets/:id', 'water:config:write'],
  ['DELETE /api/water-quality/limit-sets/:id', 'water:config:write'],
  ['POST /api/water-quality/sites', 'water:config:write'],
  ['PUT /api/water-quality/sites/:id', 'water:config:write'],
  ['DELETE /api/water-quality/sites/:id', 'water:config:write'],
  ['POST /api/water-quality/results', 'water:result:write'],
  ['PUT /api/water-quality/results/:id', 'water:result:write'],
  ['DELETE /api/water-quality/results/:id', 'water:result:write'],
  ['GET /api/water-quality/results/import-template', 'water:result:write'],
  ['POST /api/water-quality/results/import', 'water:result:write'],
  // Cameras (modules/cameras): registering them and the video platforms (configuration: read too) with
  // video:camera:write, public links with video:camera:share.
  ['POST /api/cameras', 'video:camera:write'],
  ['PUT /api/cameras/:id', 'video:camera:write'],
  ['PUT /api/cameras/:id/enabled', 'video:camera:write'],
  ['DELETE /api/cameras/:id', 'video:camera:write'],
  ['GET /api/video-platforms', 'video:camera:write'],
  ['POST /api/video-platforms', 'video:camera:write'],
  ['PUT /api/video-platforms/:id', 'video:camera:write'],
  ['DELETE /api/video-platforms/:id', 'video:camera:write'],
  ['GET /api/cameras/:id/shares', 'video:camera:share'],
  ['POST /api/cameras/:id/shares', 'video:camera:share'],
  ['DELETE /api/cameras/:id/shares/:shareId', 'video:camera:share'],
  ['POST /api/cameras/:id/ptz', 'video:camera:ptz'],
  ['POST /api/cameras/probe', 'video:camera:write'],
]);

let t: TestApp;
let nobody: string;
beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.database);
  // A signed-in user whose only role grants nothing at all.
  nobody = await signInWithoutPermissions(t);
});
afterAll(() => t.close());

const routes = () => t.app.apiRoutes.filter((r) => !r.url.startsWith('/api/docs'));
const fill = (url: string) => url.replace(/:(\w+)/g, '1');

describe('the route table', () => {
  it('has every route declaring public, any signed-in user, or a permission', () => {
    expect(routes().length).toBeGreaterThan(60);
    for (const r of routes()) {
      const ok =
        r.access === 'public' ||
        r.access === 'session' ||
        // RuoYi's module:entity:action, or module:action where the module is the entity (alarm:view).
        (typeof r.access === 'object' && /^[a-z]+(:[a-z*-]+){1,2}$/.test(r.access.permission));
      expect(ok, `${r.method} ${r.url}`).toBe(true);
    }
  });

  it('opens to anyone only the reviewed public routes', () => {
    const open = routes()
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual([...PUBLIC].sort());
  });

  it('lets any signed-in user call only the reviewed session routes', () => {
    const open = routes()
      .filter((r) => r.access === 'session')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual([...SESSION].sort());
  });

  it('guards each route with its reviewed permission', () => {
    const actual = new Map(
      routes().flatMap((r) =>
        typeof r.access === 'object' ? [[`${r.method} ${r.url}`, r.access.permission] as const] : [],
      ),
    );
    expect(Object.fromEntries([...actual].sort())).toEqual(Object.fromEntries([...GUARDED].sort()));
  });

  it('never guards a write with a read permission', () => {
    for (const r of routes()) {
      if (typeof r.access === 'object' && r.method !== 'GET') {
        expect(r.access.permission, `${r.method} ${r.url}`).not.toMatch(/:list$/);
      }
    }
  });

  it('never grants the everything-permission to a route', () => {
    for (const r of routes()) {
      if (typeof r.access === 'object') expect(r.access.permission, r.url).not.toBe(ALL_PERMISSIONS);
    }
  });
});

describe('a signed-in user without permissions', () => {
  it('is refused every guarded route with 403 and the envelope, before any input is read', async () => {
    const guarded = routes().filter((r) => typeof r.access === 'object');
    expect(guarded.length).toBeGreaterThan(30);
    for (const r of guarded) {
      const res = await t.inject({
        method: r.method as 'GET',
        url: fill(r.url),
        headers: bearer(nobody),
        ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json(), `${r.method} ${r.url}`).toEqual({ code: 403, msg: expect.any(String), data: null });
    }
  });

  it('is refused as a stranger everywhere a session is needed (401, never a 500)', async () => {
    for (const r of routes().filter((x) => x.access !== 'public')) {
      const res = await t.inject({ method: r.method as 'GET', url: fill(r.url) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().code, `${r.method} ${r.url}`).toBe(50008);
    }
  });
});

/**
 * A user who holds every permission but one is refused every route guarded by that one: a route
 * guarded by a wrong permission string (a neighbour's, or a typo) is caught, which a user with no
 * permissions at all would not catch. One role, its grants rewritten for each permission.
 */
describe('a signed-in user holding every permission but the route own', () => {
  it('is refused each guarded route for want of exactly its permission, which a menu button grants', async () => {
    const db = t.database.db;
    const guarded = routes().flatMap((r) =>
      typeof r.access === 'object' ? [{ ...r, permission: r.access.permission }] : [],
    );
    const permissions = [...new Set(guarded.map((r) => r.permission))].sort();
    const entries = await db
      .select({ id: menus.id, type: menus.type, permission: menus.permission })
      .from(menus)
      .where(eq(menus.status, 'enabled'));
    const buttons = new Set(entries.filter((m) => m.type === 'button').map((m) => m.permission));
    // A permission no button grants could only ever be used by the admin role.
    expect(
      permissions.filter((p) => !buttons.has(p)),
      'permissions on routes that no enabled menu button grants',
    ).toEqual([]);

    const [role] = await db
      .insert(roles)
      .values({ code: 'allbutone', name: '缺一项权限', dataScope: 'all' })
      .returning({ id: roles.id });
    const [user] = await db
      .insert(users)
      .values({ username: 'allbutone', passwordHash: await hashPassword('AllBut@2026'), displayName: '缺一项权限用户' })
      .returning({ id: users.id });
    await db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
    const token = await t.login('allbutone', 'AllBut@2026');
    const auth = createAuthRepository(db);
    for (const permission of permissions) {
      await db.delete(roleMenus).where(eq(roleMenus.roleId, role!.id));
      await db
        .insert(roleMenus)
        .values(entries.filter((m) => m.permission !== permission).map((m) => ({ roleId: role!.id, menuId: m.id })));
      // The role really holds everything else, so a 403 below is for this permission alone.
      expect((await auth.permissionsOf(role!.id)).sort(), permission).toEqual(
        [...buttons].filter((p) => p !== '' && p !== permission).sort(),
      );
      for (const r of guarded.filter((x) => x.permission === permission)) {
        const res = await t.inject({
          method: r.method as 'GET',
          url: fill(r.url),
          headers: bearer(token),
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${r.method} ${r.url} without ${permission}`).toBe(403);
        expect(res.json(), `${r.method} ${r.url}`).toEqual({ code: 403, msg: expect.any(String), data: null });
      }
    }
  });
});
