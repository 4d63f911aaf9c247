import type { ProfileProgress, WorkView } from '@kaskita/domain/contract/profile';
import type { CompanyInfoInput, JobInfoInput } from '@kaskita/domain/validation/profile';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { AddressRegions } from './address-regions.ts';
import type { ProfileRepository } from './profile-repository.ts';
import type { ProfileService } from './profile-service.ts';

export interface JobInfoDependencies {
  db: Db;
  repo: ProfileRepository;
  clock: Clock;
  users: Pick<UserAccounts, 'editableSignedIn'>;
  regions: AddressRegions;
  profile: ProfileService;
}

/**
 * The job-info step and the work-info step after it (the company, skipped without a job), read back together as
 * GET /v2/user/work.
 */
export class JobInfoService {
  constructor(private readonly deps: JobInfoDependencies) {}

  async saveJob(userId: string, job: JobInfoInput): Promise<ProfileProgress> {
    await this.deps.users.editableSignedIn(userId);
    return this.deps.profile.saveStep(userId, {
      hasJob: job.has_job,
      career: job.career,
      incomeSource: job.income_source,
      salaryRange: job.salary,
      salaryDay: job.salary_day,
      monthlyIncome: job.income,
      monthlySpending: job.spending,
      otherLoanStatus: job.other_loan_status,
      otherPlatforms: job.other_platforms,
      jobSavedAt: this.deps.clock.now(),
    });
  }

  async saveCompany(userId: string, company: CompanyInfoInput): Promise<ProfileProgress> {
    const profile = await this.deps.profile.editableProfile(userId);
    if (!profile?.jobSavedAt) throw new AppError('PROFILE_STEP_MISSING');
    await this.deps.regions.check({
      province: company.province,
      city: company.city,
      district: company.districts,
      village: company.sub_districts,
    });
    return this.deps.profile.saveStep(userId, {
      companyName: company.company_name,
      companyPhone: company.company_phone ?? null,
      companyProvince: company.province,
      companyCity: company.city,
      companyDistrict: company.districts,
      companyVillage: company.sub_districts,
      companyAddress: company.address,
      companySavedAt: this.deps.clock.now(),
    });
  }

  async work(userId: string): Promise<WorkView> {
    const p = await this.deps.repo.find(this.deps.db, userId);
    return {
      has_job: p?.hasJob ?? null,
      career: p?.career ?? null,
      income_source: p?.incomeSource ?? null,
      salary: p?.salaryRange ?? null,
      salary_day: p?.salaryDay ?? null,
      income: p?.monthlyIncome ?? null,
      spending: p?.monthlySpending ?? null,
      other_loan_status: p?.otherLoanStatus ?? null,
      other_platforms: p?.otherPlatforms ?? null,
      company_name: p?.companyName ?? null,
      company_phone: p?.companyPhone ?? null,
      ...(await this.deps.regions.view(
        p?.companyProvince,
        p?.companyCity,
        p?.companyDistrict,
        p?.companyVillage,
        p?.companyAddress,
      )),
    };
  }
}
