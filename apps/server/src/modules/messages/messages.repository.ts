import type { Message, MessageType, UnreadCounts } from '@water/contracts';
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { departmentMembers, departments, messages, roles, userRoles, users } from '../../db/schema/index.ts';

type Row = typeof messages.$inferSelect;

export function toMessage(row: Row): Message {
  return {
    id: row.id,
    type: row.type as MessageType,
    title: row.title,
    subTitle: row.subTitle,
    avatar: row.avatar,
    content: row.content,
    time: row.createdAt.toISOString(),
    ...(row.messageType === 0 || row.messageType === 1 || row.messageType === 3
      ? { messageType: row.messageType }
      : {}),
    status: row.status === 1 ? 1 : 0,
    link: row.link,
  };
}

export function createMessagesRepository(db: Queryable) {
  return {
    /** The user's messages, newest first, as the API answers them. */
    list(
      userId: number,
      filter: { type?: MessageType | undefined; status?: 0 | 1 | undefined; limit: number },
    ): Promise<Message[]> {
      return db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.userId, userId),
            filter.type ? eq(messages.type, filter.type) : undefined,
            filter.status === undefined ? undefined : eq(messages.status, filter.status),
          ),
        )
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(filter.limit)
        .then((rows) => rows.map(toMessage));
    },

    async unread(userId: number): Promise<UnreadCounts> {
      const rows = await db
        .select({ type: messages.type, n: count() })
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.status, 0)))
        .groupBy(messages.type);
      const of = (type: string) => rows.find((r) => r.type === type)?.n ?? 0;
      const counts = { message: of('message'), notice: of('notice'), todo: of('todo') };
      return { ...counts, total: counts.message + counts.notice + counts.todo };
    },

    /** How many of `ids` belong to the user. */
    async ownedCount(userId: number, ids: number[]): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.userId, userId), inArray(messages.id, ids)));
      return row?.n ?? 0;
    },

    markRead(userId: number, ids: number[] | 'all', at: Date, type?: MessageType) {
      return db
        .update(messages)
        .set({ status: 1, readAt: at })
        .where(
          and(
            eq(messages.userId, userId),
            eq(messages.status, 0),
            ids === 'all' ? undefined : inArray(messages.id, ids),
            type ? eq(messages.type, type) : undefined,
          ),
        )
        .returning({ id: messages.id });
    },

    /** Enabled users in an audience: explicit users, holders of roles, members of departments and below. */
    async resolveAudience(audience: Audience): Promise<number[]> {
      const conditions = [];
      if (audience.all) conditions.push(sql`true`);
      if (audience.users?.length) conditions.push(inArray(users.id, audience.users));
      if (audience.roles?.length) {
        conditions.push(
          inArray(
            users.id,
            db
              .select({ id: userRoles.userId })
              .from(userRoles)
              .innerJoin(roles, eq(roles.id, userRoles.roleId))
              .where(inArray(roles.code, audience.roles)),
          ),
        );
      }
      if (audience.departments?.length) {
        const ids = audience.departments;
        // A department and everything below it (ancestors hold the path from the root).
        const subtree = db
          .select({ id: departments.id })
          .from(departments)
          .where(
            or(
              inArray(departments.id, ids),
              sql`string_to_array(${departments.ancestors}, ',')::int[] && ${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}`,
            ),
          );
        conditions.push(
          or(
            inArray(users.departmentId, subtree),
            inArray(
              users.id,
              db
                .select({ id: departmentMembers.userId })
                .from(departmentMembers)
                .where(inArray(departmentMembers.departmentId, subtree)),
            ),
          ),
        );
      }
      if (conditions.length === 0) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.status, 'enabled'), or(...conditions)));
      return rows.map((r) => r.id);
    },

    insert(rows: (typeof messages.$inferInsert)[]) {
      return db.insert(messages).values(rows).returning();
    },
  };
}

export interface Audience {
  all?: boolean;
  users?: number[];
  roles?: string[];
  departments?: number[];
}
