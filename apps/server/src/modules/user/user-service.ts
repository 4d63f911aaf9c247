import type { Account, UserStatus } from '@kaskita/domain/contract/user';
import { maskPhone } from '@kaskita/domain/validation/phone';
import type { Db } from '../../db/client.ts';
import type { UserRepository } from './user-repository.ts';

/** The signed-in borrower's status (home routing, spec section 4) and account summary. */
export class UserService {
  constructor(
    private readonly db: Db,
    private readonly repo: UserRepository,
  ) {}

  async status(userId: string): Promise<UserStatus> {
    const user = await this.repo.signedIn(this.db, userId);
    return {
      verify: user.verify,
      loan_status: { bill_status: user.billStatus },
      loan_info: { loan_fail_status: user.loanFailStatus },
      af_push_status: user.afPushStatus,
      af_status: user.afStatus,
    };
  }

  async account(userId: string): Promise<Account> {
    const user = await this.repo.signedIn(this.db, userId);
    return {
      uid: user.id,
      phone_masked: maskPhone(user.phone),
      has_password: Boolean(user.passwordHash),
      created_at: user.createdAt.toISOString(),
    };
  }
}
