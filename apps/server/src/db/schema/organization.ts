import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const enterprises = pgTable('enterprises', {
  id: serial().primaryKey(),
  name: text().notNull(),
  /** 统一社会信用代码, 18 characters. */
  creditCode: text().unique(),
  /** owner | contractor | supplier */
  type: text().notNull().default('owner'),
  contact: text().notNull().default(''),
  phone: text().notNull().default(''),
  address: text().notNull().default(''),
  /** enabled | disabled */
  status: text().notNull().default('enabled'),
  ...timestamps,
});

export const departments = pgTable(
  'departments',
  {
    id: serial().primaryKey(),
    enterpriseId: integer()
      .notNull()
      .references(() => enterprises.id),
    parentId: integer(),
    /** Comma-separated ids from the root down to the parent, RuoYi style ("0,1,4"). */
    ancestors: text().notNull().default('0'),
    name: text().notNull(),
    orderNum: integer().notNull().default(0),
    leader: text().notNull().default(''),
    phone: text().notNull().default(''),
    status: text().notNull().default('enabled'),
    ...timestamps,
  },
  (t) => [
    index().on(t.enterpriseId),
    index().on(t.parentId),
    // A name is unique among its siblings; the seed relies on it to stay idempotent.
    uniqueIndex('departments_sibling_name_uq').on(t.enterpriseId, sql`coalesce(${t.parentId}, 0)`, t.name),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    phone: text(),
    passwordHash: text().notNull(),
    displayName: text().notNull().default(''),
    email: text().notNull().default(''),
    avatar: text().notNull().default(''),
    job: text().notNull().default(''),
    jobName: text().notNull().default(''),
    location: text().notNull().default(''),
    locationName: text().notNull().default(''),
    introduction: text().notNull().default(''),
    personalWebsite: text().notNull().default(''),
    certification: integer().notNull().default(0),
    enterpriseId: integer().references(() => enterprises.id),
    departmentId: integer().references(() => departments.id),
    /** enabled | disabled (a self-registered account waits disabled for an administrator) */
    status: text().notNull().default('enabled'),
    mustChangePassword: boolean().notNull().default(false),
    failedLoginCount: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    // The user list's default order; the substring search has a trigram index (migration 0008).
    index().on(t.createdAt, t.id),
    index().on(t.displayName, t.id),
    index().on(t.username, t.id),
    index().on(t.lastLoginAt, t.id),
    index().on(t.departmentId),
    index().on(t.status),
  ],
);

export const departmentMembers = pgTable(
  'department_members',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer()
      .notNull()
      .references(() => departments.id),
    position: text().notNull().default(''),
    isMain: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.departmentId] }), index().on(t.departmentId)],
);

export const roles = pgTable('roles', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  nameEn: text().notNull().default(''),
  description: text().notNull().default(''),
  /** all | custom | dept | dept_and_below | self (RuoYi's data scopes) */
  dataScope: text().notNull().default('all'),
  sort: integer().notNull().default(0),
  status: text().notNull().default('enabled'),
  builtin: boolean().notNull().default(false),
  ...timestamps,
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index().on(t.roleId)],
);

/** The departments a role with data scope `custom` may see (RuoYi's sys_role_dept). */
export const roleDepartments = pgTable(
  'role_departments',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    departmentId: integer()
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.departmentId] }), index().on(t.departmentId)],
);

export const menus = pgTable(
  'menus',
  {
    id: serial().primaryKey(),
    parentId: integer(),
    /** directory | menu | button */
    type: text().notNull(),
    path: text().notNull().default(''),
    /** Route name (unique among routes). */
    name: text().notNull(),
    locale: text().notNull().default(''),
    titleZh: text().notNull(),
    titleEn: text().notNull(),
    icon: text().notNull().default(''),
    orderNum: integer().notNull().default(0),
    requiresAuth: boolean().notNull().default(true),
    hidden: boolean().notNull().default(false),
    ignoreCache: boolean().notNull().default(false),
    externalLink: text().notNull().default(''),
    permission: text().notNull().default(''),
    status: text().notNull().default('enabled'),
    ...timestamps,
  },
  (t) => [uniqueIndex('menus_name_uq').on(t.name), index().on(t.parentId)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index().on(t.menuId)],
);

export type UserRow = typeof users.$inferSelect;
export type MenuRow = typeof menus.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

/**
 * What the seed has ever created, by key ("menu:deviceList", "user:13800000001"). The seed
 * creates only what it never created before, so a row an administrator deleted stays deleted.
 */
export const seedMarks = pgTable('seed_marks', {
  key: text().primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
