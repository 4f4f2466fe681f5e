-- Publish notices (发布通知) is offered only to the roles that may publish: a role granted the menu
-- entry but not its notice permission (the demo's user role, before this) loses the entry. The
-- administrators' role holds every permission and keeps it.
DELETE FROM "role_menus" rm
USING "menus" m, "roles" r
WHERE rm."menu_id" = m."id" AND m."name" = 'callPoliceNotification'
  AND r."id" = rm."role_id" AND r."code" <> 'admin'
  AND NOT EXISTS (
    SELECT 1 FROM "role_menus" g JOIN "menus" b ON b."id" = g."menu_id"
    WHERE g."role_id" = rm."role_id" AND b."permission" = 'message:notice:write'
  );
