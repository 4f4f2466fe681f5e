import { organizationApi, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { auditOf, route } from '../../lib/route.ts';
import { createOrganizationService } from './organization.service.ts';

export async function organizationRoutes(app: FastifyInstance) {
  const org = createOrganizationService(app);
  const audit = auditOf('organization');
  const can = (permission: string) => ({ permission });

  // Pickers (notice audiences, user forms) need names only: any signed-in user may read them.
  route(app, organizationApi.enterpriseOptions, { access: 'session' }, (_req, ctx) => org.enterpriseOptions(ctx));
  route(app, organizationApi.departmentTree, { access: 'session' }, (req, ctx) => org.departmentTree(ctx, req.query));

  route(app, organizationApi.enterprises, { access: can(Permissions.systemEnterpriseList) }, (req, ctx) =>
    org.enterprises(ctx, req.query),
  );
  route(
    app,
    organizationApi.createEnterprise,
    { access: can(Permissions.systemEnterpriseWrite), audit: audit('enterprise.create') },
    (req, ctx) => org.createEnterprise(ctx, req.body),
  );
  route(
    app,
    organizationApi.updateEnterprise,
    { access: can(Permissions.systemEnterpriseWrite), audit: audit('enterprise.update') },
    (req, ctx) => org.updateEnterprise(ctx, req.params.id, req.body),
  );
  route(
    app,
    organizationApi.removeEnterprise,
    { access: can(Permissions.systemEnterpriseWrite), audit: audit('enterprise.delete') },
    (req, ctx) => org.removeEnterprise(ctx, req.params.id),
  );

  route(
    app,
    organizationApi.createDepartment,
    { access: can(Permissions.systemDeptWrite), audit: audit('department.create') },
    (req, ctx) => org.createDepartment(ctx, req.body),
  );
  route(
    app,
    organizationApi.updateDepartment,
    { access: can(Permissions.systemDeptWrite), audit: audit('department.update') },
    (req, ctx) => org.updateDepartment(ctx, req.params.id, req.body),
  );
  route(
    app,
    organizationApi.removeDepartment,
    { access: can(Permissions.systemDeptWrite), audit: audit('department.delete') },
    (req, ctx) => org.removeDepartment(ctx, req.params.id),
  );

  route(app, organizationApi.members, { access: can(Permissions.systemMemberList) }, (req, ctx) =>
    org.members(ctx, req.query),
  );
  route(
    app,
    organizationApi.saveMember,
    { access: can(Permissions.systemMemberWrite), audit: audit('member.save') },
    (req, ctx) => org.saveMember(ctx, req.body),
  );
  route(
    app,
    organizationApi.removeMember,
    { access: can(Permissions.systemMemberWrite), audit: audit('member.remove') },
    (req, ctx) => org.removeMember(ctx, req.params.departmentId, req.params.userId),
  );
}
