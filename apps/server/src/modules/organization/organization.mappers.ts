import type { DepartmentNode, Enterprise, Member, RecordStatus } from '@water/contracts';
import type { departmentMembers, departments, enterprises } from '../../db/schema/index.ts';

export type EnterpriseRow = { enterprise: typeof enterprises.$inferSelect; departments: number; users: number };
export type DepartmentRow = { department: typeof departments.$inferSelect; members: number };
export type MemberRow = {
  member: typeof departmentMembers.$inferSelect;
  username: string;
  displayName: string;
  phone: string | null;
  status: string;
  departmentName: string;
};

export const toEnterprise = (r: EnterpriseRow): Enterprise => ({
  id: r.enterprise.id,
  name: r.enterprise.name,
  creditCode: r.enterprise.creditCode,
  type: r.enterprise.type as Enterprise['type'],
  contact: r.enterprise.contact,
  phone: r.enterprise.phone,
  address: r.enterprise.address,
  status: r.enterprise.status as RecordStatus,
  departments: r.departments,
  users: r.users,
  createdAt: r.enterprise.createdAt.toISOString(),
  updatedAt: r.enterprise.updatedAt.toISOString(),
});

export const toMember = (r: MemberRow): Member => ({
  userId: r.member.userId,
  username: r.username,
  displayName: r.displayName,
  phone: r.phone,
  departmentId: r.member.departmentId,
  departmentName: r.departmentName,
  position: r.member.position,
  isMain: r.member.isMain,
  status: r.status as RecordStatus,
  joinedAt: r.member.createdAt.toISOString(),
});

/**
 * Flat rows (ordered) into a forest; a row whose parent is not in the set becomes a root. A row
 * `inScope` rejects keeps its name and place only.
 */
export function buildDepartmentTree(
  rows: DepartmentRow[],
  inScope: (id: number) => boolean = () => true,
): DepartmentNode[] {
  const nodes = new Map<number, DepartmentNode>();
  for (const { department: d, members } of rows) {
    const visible = inScope(d.id);
    nodes.set(d.id, {
      id: d.id,
      enterpriseId: d.enterpriseId,
      parentId: d.parentId,
      name: d.name,
      orderNum: d.orderNum,
      leader: visible ? d.leader : '',
      phone: visible ? d.phone : '',
      status: d.status as RecordStatus,
      members: visible ? members : 0,
      inScope: visible,
      children: [],
    });
  }
  const roots: DepartmentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
