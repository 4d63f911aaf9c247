import type { FastifyInstance } from 'fastify';
import { devCalls } from '@kaskita/domain/contract/dev';
import { AppError } from '../../http/app-error.ts';
import { registerCall } from '../../http/register-call.ts';
import type { CaptchaService } from '../auth/captcha-service.ts';
import type { DevOutboxSmsProvider } from '../../providers/sms/dev-outbox-sms-provider.ts';

/**
 * Development helpers for people and browser tests: read the SMS outbox and a captcha's answer.
 * Never registered when NODE_ENV=production (app.ts).
 */
export function devRoutes(
  app: FastifyInstance,
  { outbox, captchas }: { outbox: DevOutboxSmsProvider; captchas: CaptchaService },
): void {
  registerCall(app, devCalls.listDevOutbox, async ({ query }) => {
    const rows = await outbox.list(query.phone);
    return rows.map((r) => ({
      channel: r.channel,
      to: r.toPhone,
      text: r.text,
      code: r.code,
      created_at: r.createdAt.toISOString(),
    }));
  });

  registerCall(app, devCalls.getDevCaptchaAnswer, async ({ params }) => {
    const code = await captchas.devAnswer(params.id);
    if (!code) throw new AppError('NOT_FOUND');
    return { code };
  });
}
