import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { UserRepository } from './user-repository.ts';
import { UserService } from './user-service.ts';

export interface UserModule {
  service: UserService;
}

export function createUserModule({ db, clock }: { db: Db; clock: Clock }): UserModule {
  return { service: new UserService(db, new UserRepository(), clock) };
}
