import { z } from 'zod';
import {
  COMPLAINT_ANSWER_WORKING_DAYS,
  COMPLAINT_EXTENSION_WORKING_DAYS,
} from '@kaskita/domain/complaints/complaint-deadline';
import { helpFaqItemSchema, type HelpContent } from '@kaskita/domain/contract/complaints';
import type { ConfigService } from '../config/config-service.ts';
import { DEFAULT_HELP_FAQ } from './help-faq.ts';

/** The app_config row whose value (a list of help-faq items) replaces the built-in questions and answers. */
export const HELP_FAQ_KEY = 'help_faq';

const faqSchema = z.array(helpFaqItemSchema).min(1);

/**
 * Me > Help's content, all of it configuration: the support channels and hours are the app_config rows the landing
 * page's footer and the legal documents already show (one place to change a number), the questions and answers the
 * `help_faq` row when operations wrote one that reads as such, else the built-in list.
 */
export class HelpContentService {
  constructor(private readonly config: Pick<ConfigService, 'appConfig' | 'setting'>) {}

  async content(): Promise<HelpContent> {
    const [config, faq] = await Promise.all([
      this.config.appConfig(),
      this.config.setting(HELP_FAQ_KEY, faqSchema),
    ]);
    return {
      faq: faq ?? [...DEFAULT_HELP_FAQ],
      channels: {
        phone: config.support_phone,
        email: config.support_email,
        complaint_email: config.complaint_email,
        whatsapp: config.support_whatsapp,
        hours: config.support_hours,
      },
      answer_working_days: COMPLAINT_ANSWER_WORKING_DAYS,
      extension_working_days: COMPLAINT_EXTENSION_WORKING_DAYS,
    };
  }
}
