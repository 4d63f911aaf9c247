import type { AlterPasswordBody } from '@kaskita/domain/contract/auth';
import { apiPostForm } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/query.ts';

/** POST /v1/alter/login_pass (signed in): sets the first password, or changes it with old_password. */
export function alterPassword(body: AlterPasswordBody): Promise<unknown> {
  return apiPostForm('/v1/alter/login_pass', body);
}

export function useAlterPassword() {
  return useMutation(alterPassword);
}
