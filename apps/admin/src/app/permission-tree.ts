import { useQuery } from '@tanstack/react-query';
import { adminCalls } from '@kaskita/domain/contract/admin';
import type { Locale } from '@kaskita/domain/i18n/locale';
import type { Permission } from '@kaskita/domain/staff/permissions';
import { callApi } from '../lib/api-client.ts';
import { useI18n } from '../lib/i18n.tsx';

/** The tree's cache key: one per UI language, since the server labels the menu in it. */
export const permissionTreeKey = (locale: Locale) => ['admin', 'permission-tree', locale] as const;

/**
 * The signed-in member, their permissions and menu (GET /api/admin/permissions/user/tree), labelled in the UI's
 * language. The shell draws the menu from it and pages hide actions with it; the server checks every call anyway.
 */
export function usePermissionTree() {
  const { locale } = useI18n();
  return useQuery({
    queryKey: permissionTreeKey(locale),
    queryFn: ({ signal }) => callApi(adminCalls.getPermissionTree, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Whether the signed-in member holds a permission (false while the tree loads). */
export function useCan(permission: Permission): boolean {
  return usePermissionTree().data?.permissions.includes(permission) ?? false;
}
