import { organizationApi, Permissions } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { auditOf, route } from '../../lib/route.ts';
import { createOrganizationService } from './organization.service.ts';

export async function organizationRoutes(app: FastifyInstance) {
  const org = createOrganizationService(app);
  const audit = auditOf('organization');
  const can = (permission: string) => ({ permission });

  // Pickers (notice audiences, user forms) need names only: any signed-in user may read them.
  route(app, organizationApi.enterpriseOptions, { access: 'session' }, (req) => org.enterpriseOptions(req));
  route(app, organizationApi.departmentTree, { access: 'session' }, (req) => org.departmentTree(req, req.query));

  route(app, organizationApi.enterprises, { access: can(Permissions.systemEnterpriseList) }, (req) =>
    org.enterprises(req, req.query),
  );
  route(
    app,
    organizationApi.createEnterprise,
    { access: can(Permissions.systemEnterpriseWrite), audit: audit('enterprise.create') },
    (req) => org.createEnterprise(req, req.body),
  );
  route(
    app,
    organizationApi.updateEnterprise,
    { access: can(Permissions.systemEnterpriseWrite), audit: audit('enterprise.update') },
    (req) => org.updateEnterprise(req, req.params.id, req.body),
  );
  route(
    app,
    organizationApi.removeEnterprise,
    { access: can(Permissions.systemEnterpriseWrite), audit: audit('enterprise.delete') },
    (req) => org.removeEnterprise(req, req.params.id),
  );

  route(
    app,
    organizationApi.createDepartment,
    { access: can(Permissions.systemDeptWrite), audit: audit('department.create') },
    (req) => org.createDepartment(req, req.body),
  );
  route(
    app,
    organizationApi.updateDepartment,
    { access: can(Permissions.systemDeptWrite), audit: audit('department.update') },
    (req) => org.updateDepartment(req, req.params.id, req.body),
  );
  route(
    app,
    organizationApi.removeDepartment,
    { access: can(Permissions.systemDeptWrite), audit: audit('department.delete') },
    (req) => org.removeDepartment(req, req.params.id),
  );

  route(app, organizationApi.members, { access: can(Permissions.systemMemberList) }, (req) =>
    org.members(req, req.query),
  );
  route(
    app,
    organizationApi.saveMember,
    { access: can(Permissions.systemMemberWrite), audit: audit('member.save') },
    (req) => org.saveMember(req, req.body),
  );
  route(
    app,
    organizationApi.removeMember,
    { access: can(Permissions.systemMemberWrite), audit: audit('member.remove') },
    (req) => org.removeMember(req, req.params.departmentId, req.params.userId),
  );
}
